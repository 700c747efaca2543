import { Link } from 'react-router'
import { Card } from '../../components/ui/card'
import { ForgotPasswordForm } from '../../features/auth'

export default function ForgotPasswordPage() {
  return (
    <div className="mx-auto w-full max-w-md">
      <Card>
        <h1 className="text-title font-bold tracking-tight text-slate-900">Forgot your password?</h1>
        <p className="mt-1 mb-6 text-slate-600">
          Enter the email of your account and we will send you a link to choose a new password.
        </p>
        <ForgotPasswordForm />
        <p className="mt-6 text-center text-sm text-slate-700">
          Remembered it?{' '}
          <Link to="/signin" className="font-semibold text-brand-700 underline-offset-2 hover:underline">
            Sign in
          </Link>
        </p>
      </Card>
    </div>
  )
}
