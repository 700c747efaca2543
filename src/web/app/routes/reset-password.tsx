import { useSearchParams } from 'react-router'
import { INVALID_RESET_LINK_MESSAGE } from '../../../domain/auth/auth.schema'
import { Card } from '../../components/ui/card'
import { ResetLinkUnusable, ResetPasswordForm } from '../../features/auth'

// Opened from the link in the reset email (?token=…).
export default function ResetPasswordPage() {
  const [params] = useSearchParams()
  const token = params.get('token')
  return (
    <div className="mx-auto w-full max-w-md">
      <Card>
        <h1 className="text-title font-bold tracking-tight text-slate-900">Choose a new password</h1>
        <p className="mt-1 mb-6 text-slate-600">Every device signed in to your account will be signed out.</p>
        {token ? (
          <ResetPasswordForm token={token} />
        ) : (
          <ResetLinkUnusable message={INVALID_RESET_LINK_MESSAGE} />
        )}
      </Card>
    </div>
  )
}
