import { MailCheck } from 'lucide-react'
import { useEffect, useRef } from 'react'
import { useLocation, useNavigate, useSearchParams } from 'react-router'
import { config } from '../../lib/config'
import { toast } from '../../lib/toast'
import { ButtonLink } from '../../components/ui/button'
import { Card } from '../../components/ui/card'
import { PageLoading } from '../../components/ui/spinner'
import { errorMessage, FormAlert, useConfirmEmail, useResendConfirmation } from '../../features/auth'
import { outcome } from '../../lib/outcome'

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
    outcome(confirm.mutateAsync(token), {
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

// Web mail for the most common addresses; any other address gets the hints alone.
const webMail: Record<string, { name: string; url: string }> = {
  'gmail.com': { name: 'Gmail', url: 'https://mail.google.com/' },
  'googlemail.com': { name: 'Gmail', url: 'https://mail.google.com/' },
  'outlook.com': { name: 'Outlook', url: 'https://outlook.live.com/mail/' },
  'hotmail.com': { name: 'Outlook', url: 'https://outlook.live.com/mail/' },
  'live.com': { name: 'Outlook', url: 'https://outlook.live.com/mail/' },
  'yahoo.com': { name: 'Yahoo Mail', url: 'https://mail.yahoo.com/' },
  'icloud.com': { name: 'iCloud Mail', url: 'https://www.icloud.com/mail' },
  'me.com': { name: 'iCloud Mail', url: 'https://www.icloud.com/mail' },
  'aol.com': { name: 'AOL Mail', url: 'https://mail.aol.com/' },
}

// A long address wraps only before its '@' and its dots, never inside a word.
function WrappableEmail({ email }: { email: string }) {
  const parts = email.split(/(?=[@.])/)
  return (
    <>
      {parts.map((part, index) => (
        <span key={index}>
          {index > 0 ? <wbr /> : null}
          {part}
        </span>
      ))}
    </>
  )
}

function CheckYourEmail() {
  const location = useLocation()
  const state = location.state as { email?: unknown } | null
  const email = typeof state?.email === 'string' && state.email ? state.email : null
  const resend = useResendConfirmation()
  const mailApp = email ? webMail[email.slice(email.lastIndexOf('@') + 1)] : undefined

  return (
    <div className="mx-auto w-full max-w-lg">
      <Card className="text-center">
        <span className="mx-auto inline-flex size-14 items-center justify-center rounded-full bg-brand-100 text-brand-800">
          <MailCheck aria-hidden="true" className="size-7" />
        </span>
        <h1 className="mt-4 text-title font-bold tracking-tight text-slate-900">Check your email</h1>
        <p className="mt-2 text-slate-700">
          We sent a confirmation link to
          <strong className="block text-slate-900 [overflow-wrap:break-word]">
            {email ? <WrappableEmail email={email} /> : 'your email'}
          </strong>
        </p>
        <section
          aria-labelledby="open-mail-heading"
          className="mt-6 rounded-lg border border-brand-200 bg-brand-50 p-4 text-left text-sm text-slate-800"
        >
          <h2 id="open-mail-heading" className="text-base font-semibold text-slate-900">
            Open your email app
          </h2>
          <ul className="mt-2 list-disc space-y-1 pl-5">
            <li>Look for an email from {config.productName} and tap the link in it.</li>
            <li>Not there after a minute? Check the Spam, Junk or Promotions folder.</li>
            {email ? <li>Still nothing? Send it again below.</li> : null}
          </ul>
          {mailApp ? (
            <a
              href={mailApp.url}
              target="_blank"
              rel="noreferrer"
              className="mt-3 inline-flex min-h-11 items-center gap-2 rounded-lg bg-brand-700 px-4 font-semibold text-white shadow-sm hover:bg-brand-800"
            >
              Open {mailApp.name}
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          ) : null}
        </section>
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
          <ButtonLink to="/signin">Sign in</ButtonLink>
        </div>
      </Card>
    </div>
  )
}
