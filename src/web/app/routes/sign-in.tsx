import { useLocation, useSearchParams } from 'react-router'
import { Card } from '../../components/ui/card'
import { AuthForm, FormAlert } from '../../features/auth'
import { usePageTitle } from '../../lib/page-title'

// /signin and /signup: one screen, two modes. A `code` query parameter means sign-up.
export default function SignInPage() {
  const location = useLocation()
  const [params] = useSearchParams()
  const code = params.get('code')
  const mode = location.pathname === '/signup' || code !== null ? 'signup' : 'signin'
  usePageTitle(mode === 'signup' ? 'Sign Up' : 'Sign In')
  const message = (location.state as { message?: unknown } | null)?.message

  return (
    <div className={`mx-auto w-full ${mode === 'signup' ? 'max-w-2xl' : 'max-w-md'}`}>
      <Card>
        <h1 className="text-title font-bold tracking-tight text-slate-900">
          {mode === 'signup' ? 'Sign Up' : 'Sign In'}
        </h1>
        <p className="mt-1 mb-6 text-slate-600">
          {mode === 'signup'
            ? 'Create your player profile to find partners and PlayDates.'
            : 'Welcome back! Sign in to your account.'}
        </p>
        {typeof message === 'string' && message ? (
          <div className="mb-4">
            <FormAlert tone="info">{message}</FormAlert>
          </div>
        ) : null}
        <AuthForm key={mode} mode={mode} initialValues={{ signupCode: code ?? undefined }} />
      </Card>
    </div>
  )
}
