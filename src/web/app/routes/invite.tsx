import { MailCheck, TriangleAlert } from 'lucide-react'
import { useParams, useSearchParams } from 'react-router'
import {
  INVALID_INVITE_CODE,
  INVALID_OR_EXPIRED_INVITE,
  INVITE_CODE_PATTERN,
} from '../../../domain/partner-lists/partner-list.schema'
import { ButtonLink } from '../../components/ui/button'
import { Card } from '../../components/ui/card'
import { PageLoading } from '../../components/ui/spinner'
import { AuthForm } from '../../features/auth'
import { useInviteValidation } from '../../features/partner-lists'
import { isApiError } from '../../lib/api-client'
import { config } from '../../lib/config'

// Query parameters only prefill the form; anything odd is dropped rather than trusted.
const param = (params: URLSearchParams, name: string, max: number) => {
  const value = params.get(name)?.trim() ?? ''
  return value && value.length <= max ? value : undefined
}

function failureMessage(error: unknown) {
  if (isApiError(error) && error.status === 404) return INVALID_OR_EXPIRED_INVITE
  if (isApiError(error) && error.status === 400) return INVALID_INVITE_CODE
  return 'Error validating invite code'
}

function InviteError({ message }: { message: string }) {
  return (
    <Card className="text-center">
      <div role="alert">
        <TriangleAlert aria-hidden="true" className="mx-auto size-10 text-amber-600" />
        <h2 className="mt-3 text-xl font-bold text-slate-900">{message}</h2>
        <p className="mt-1 text-slate-600">
          {config.requireSignupCode
            ? 'Ask the player who invited you for a new link.'
            : 'Ask the player who invited you for a new link, or sign up without an invitation.'}
        </p>
      </div>
      <ButtonLink to="/" className="mt-5">
        Return to Home
      </ButtonLink>
    </Card>
  )
}

// /invite/{code}: a link from a partner's invitation email.
export default function InvitePage() {
  const { code: rawCode } = useParams()
  const [params] = useSearchParams()
  const code = rawCode && INVITE_CODE_PATTERN.test(rawCode) ? rawCode : null
  const invite = useInviteValidation(code)
  const firstName = param(params, 'firstName', 50)
  const lastName = param(params, 'lastName', 50)
  const email = param(params, 'email', 254)

  return (
    <div className="mx-auto w-full max-w-2xl">
      <h1 className="mb-4 text-title font-bold tracking-tight text-slate-900 sm:text-3xl">
        Partner Invitation
      </h1>
      {code === null ? (
        <InviteError message={INVALID_INVITE_CODE} />
      ) : invite.isPending ? (
        <PageLoading label="Validating invitation..." />
      ) : invite.isError ? (
        <InviteError message={failureMessage(invite.error)} />
      ) : (
        <Card>
          <div className="mb-6 flex items-start gap-3">
            <MailCheck aria-hidden="true" className="mt-1 size-6 shrink-0 text-brand-700" />
            <div>
              <p className="text-lg font-semibold text-slate-900">
                {firstName
                  ? `Welcome, ${firstName}! You've been invited to join ${config.productName}.`
                  : `You've been invited to join ${config.productName}.`}
              </p>
              {email ? (
                <p className="mt-1 text-slate-600">
                  Invitation for <span className="font-semibold break-all text-slate-800">{email}</span>
                </p>
              ) : null}
              <p className="mt-1 text-slate-600">Create your player profile below to accept it.</p>
            </div>
          </div>
          <AuthForm
            mode="signup"
            initialValues={{ signupCode: invite.data.code, firstName, lastName, email }}
          />
        </Card>
      )}
    </div>
  )
}
