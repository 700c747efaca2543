import { MailCheck } from 'lucide-react'
import { useEffect, useRef } from 'react'
import { useLocation, useNavigate, useSearchParams } from 'react-router'
import { toast } from '../../lib/toast'
import { ButtonLink } from '../../components/ui/button'
import { Card } from '../../components/ui/card'
import { PageLoading } from '../../components/ui/spinner'
import { errorMessage, FormAlert, useConfirmEmail, useResendConfirmation } from '../../features/auth'

// With ?token=… (the link in the email) it confirms, and signs in the browser that signed up;
// without, it asks the new player to check their inbox.
export default function EmailConfirmationPage() {
  const [params] = useSearchParams()
  const token = params.get('token')
  return token ? <ConfirmToken token={token} /> : <CheckYourEmail />
}

const EMAIL_CONFIRMED_SIGN_IN = 'Your email is confirmed. Please sign in to continue.'

function ConfirmToken({ token }: { token: string }) {
  const navigate = useNavigate()
  const confirm = useConfirmEmail()
  const started = useRef(false)

  useEffect(() => {
    // A link works once: never send it twice, even when effects run twice.
    if (started.current) return
    started.current = true
    confirm.mutate(token, {
      onSuccess: ({ user, signedIn }) => {
        if (signedIn && user) {
          toast.success(`Email confirmed. Welcome, ${user.firstName}!`)
          void navigate('/dashboard', { replace: true })
          return
        }
        toast.success('Email confirmed')
        // Opened where another player is signed in: the address is confirmed, that player stays.
        if (user) void navigate('/dashboard', { replace: true })
        // Opened in another browser than the one that signed up: the owner signs in here.
        else void navigate('/signin', { replace: true, state: { message: EMAIL_CONFIRMED_SIGN_IN } })
      },
      onError: (error) => {
        void navigate('/signin', {
          replace: true,
          state: { message: errorMessage(error, 'We could not confirm your email. Please try again.') },
        })
      },
    })
  }, [confirm, navigate, token])

  return <PageLoading label="Confirming your email..." />
}

function CheckYourEmail() {
  const location = useLocation()
  const state = location.state as { email?: unknown } | null
  const email = typeof state?.email === 'string' && state.email ? state.email : null
  const resend = useResendConfirmation()

  return (
    <div className="mx-auto w-full max-w-lg">
      <Card className="text-center">
        <span className="mx-auto inline-flex size-14 items-center justify-center rounded-full bg-brand-100 text-brand-800">
          <MailCheck aria-hidden="true" className="size-7" />
        </span>
        <h1 className="mt-4 text-2xl font-bold tracking-tight text-slate-900">Check your email</h1>
        <p className="mt-2 text-slate-700">
          We sent a confirmation link to <strong className="break-all">{email ?? 'your email'}</strong>.
        </p>
        <div className="mt-6 rounded-lg border border-amber-200 bg-amber-50 p-4 text-left text-sm text-amber-900">
          <h2 className="font-semibold">Confirmation Required</h2>
          <p className="mt-1">
            Open the link in the email to confirm your address and finish creating your account. You can sign
            in once your email is confirmed.
          </p>
        </div>
        {resend.data ? (
          <div className="mt-4 text-left">
            <FormAlert tone="success">{resend.data.message}</FormAlert>
          </div>
        ) : null}
        {resend.error ? (
          <div className="mt-4 text-left">
            <FormAlert>{errorMessage(resend.error, 'Could not send the email. Please try again.')}</FormAlert>
          </div>
        ) : null}
        <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:justify-center">
          <ButtonLink to="/signin">Sign in</ButtonLink>
          {email ? (
            <button
              type="button"
              onClick={() => resend.mutate(email)}
              disabled={resend.isPending}
              className="inline-flex min-h-11 items-center justify-center rounded-lg border border-slate-300 bg-white px-4 text-sm font-semibold text-slate-900 shadow-sm hover:bg-slate-50 disabled:opacity-60"
            >
              {resend.isPending ? 'Sending...' : 'Resend confirmation email'}
            </button>
          ) : null}
        </div>
      </Card>
    </div>
  )
}
