import { useState } from 'react'
import { FormProvider, useForm } from 'react-hook-form'
import { Link, useLocation, useNavigate } from 'react-router'
import { toast } from '../../../lib/toast'
import type { SignInInput, SignUpInput } from '../../../../domain/auth/auth.schema'
import { config } from '../../../lib/config'
import { isApiError } from '../../../lib/api-client'
import { lazyZodResolver } from '../../../lib/lazy-zod-resolver'
import { returnToInState, safeReturnTo } from '../../../lib/return-to'
import { useResendConfirmation, useSignIn, useSignUp } from '../api/auth.queries'
import { applyServerFieldErrors, errorMessage, focusFirstError } from '../lib/server-errors'
import { FormAlert } from './form-alert'
import {
  CheckboxField,
  EmailField,
  HoldMessagesDuringTaps,
  RequiredFieldsNote,
  SubmitButton,
  TextField,
} from '../../../components/ui/form-controls'
import { PasswordField } from './password-field'
import {
  emptyProfileFields,
  type ProfileFieldValues,
  profileFieldNames,
  ProfileFields,
} from './profile-fields'

export type AuthMode = 'signin' | 'signup'

export interface AuthFormInitialValues {
  signupCode?: string | undefined
  firstName?: string | undefined
  lastName?: string | undefined
  email?: string | undefined
}

export interface AuthFormProps {
  mode: AuthMode
  // Prefilled fields, e.g. from an invitation link.
  initialValues?: AuthFormInitialValues
  // Replaces the default switch (to /signin or /signup, keeping the router state).
  onModeChange?: (mode: AuthMode) => void
  // Where to go after sign-in; by default the router-state returnTo, else /dashboard.
  returnTo?: string
}

const AUTH_FALLBACK = 'An error occurred during authentication'
// The server could not create the account (its own fault, not the form's).
const SIGN_UP_FAILED = 'Failed to create user account'
export const SIGNED_IN_MESSAGE = 'Signed in successfully!'
export const SIGNED_UP_MESSAGE =
  'Account created successfully! Please check your email to confirm your account.'

// The sign-in / sign-up screen's form: one component, two modes.
export function AuthForm({ mode, initialValues = {}, onModeChange, returnTo }: AuthFormProps) {
  const location = useLocation()
  const target = safeReturnTo(returnTo) ?? returnToInState(location.state) ?? '/dashboard'
  const other: AuthMode = mode === 'signin' ? 'signup' : 'signin'
  const switchLabel = mode === 'signin' ? 'Sign up' : 'Sign in'
  const switchClasses =
    'font-semibold text-brand-700 underline-offset-2 hover:underline focus-visible:underline'

  return (
    <div className="space-y-6">
      {mode === 'signin' ? (
        <SignInForm initialEmail={initialValues.email} target={target} />
      ) : (
        <SignUpForm initialValues={initialValues} />
      )}
      <p className="text-center text-sm text-slate-700">
        {mode === 'signin' ? "Don't have an account? " : 'Already have an account? '}
        {onModeChange ? (
          <button type="button" className={switchClasses} onClick={() => onModeChange(other)}>
            {switchLabel}
          </button>
        ) : (
          <Link
            to={other === 'signup' ? '/signup' : '/signin'}
            state={location.state}
            className={switchClasses}
          >
            {switchLabel}
          </Link>
        )}
      </p>
    </div>
  )
}

interface SignInFields {
  email: string
  password: string
}

// The sign-in page is many visitors' first page: its schemas load once the form is in use.
const loadAuthSchemas = () => import('../../../../domain/auth/auth.schema')
const signInValidation = lazyZodResolver<SignInFields, SignInInput>(() =>
  loadAuthSchemas().then((m) => m.signInInput),
)

function SignInForm({ initialEmail, target }: { initialEmail: string | undefined; target: string }) {
  const navigate = useNavigate()
  const signIn = useSignIn()
  const resend = useResendConfirmation()
  const [formError, setFormError] = useState<string | null>(null)
  const [unconfirmedEmail, setUnconfirmedEmail] = useState<string | null>(null)
  const [resent, setResent] = useState<string | null>(null)
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<SignInFields, unknown, SignInInput>({
    resolver: signInValidation.resolver,
    defaultValues: { email: initialEmail ?? '', password: '' },
  })

  const onSubmit = handleSubmit(async (input) => {
    setFormError(null)
    setUnconfirmedEmail(null)
    setResent(null)
    try {
      await signIn.mutateAsync(input)
      toast.success(SIGNED_IN_MESSAGE)
      void navigate(target, { replace: true })
    } catch (error) {
      if (isApiError(error) && error.code === 'email_not_confirmed') {
        setUnconfirmedEmail(input.email)
        setFormError(error.message)
        return
      }
      if (applyServerFieldErrors(error, ['email', 'password'], setError)) return
      setFormError(errorMessage(error, AUTH_FALLBACK))
    }
  })

  const resendConfirmation = async () => {
    if (!unconfirmedEmail) return
    try {
      const { message } = await resend.mutateAsync(unconfirmedEmail)
      setResent(message)
      toast.success('Confirmation email sent')
    } catch (error) {
      toast.error(errorMessage(error, AUTH_FALLBACK))
    }
  }

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      onFocus={signInValidation.preload}
      className="space-y-4"
      aria-label="Sign in"
    >
      {formError ? (
        <FormAlert>
          <p>{formError}</p>
          {unconfirmedEmail ? (
            <button
              type="button"
              onClick={resendConfirmation}
              disabled={resend.isPending}
              className="mt-2 font-semibold text-red-900 underline underline-offset-2 disabled:opacity-60"
            >
              {resend.isPending ? 'Sending...' : 'Resend confirmation email'}
            </button>
          ) : null}
        </FormAlert>
      ) : null}
      {resent ? <FormAlert tone="success">{resent}</FormAlert> : null}
      <EmailField id="signin-email" error={errors.email?.message} {...register('email')} />
      <PasswordField
        id="signin-password"
        label="Password"
        purpose="current"
        error={errors.password?.message}
        {...register('password')}
      />
      <div className="flex justify-end">
        <Link
          to="/forgot-password"
          className="inline-flex min-h-11 items-center text-sm font-semibold text-brand-700 underline-offset-2 hover:underline focus-visible:underline"
        >
          Forgot password?
        </Link>
      </div>
      <SubmitButton isPending={signIn.isPending} pendingLabel="Signing in...">
        Sign In
      </SubmitButton>
    </form>
  )
}

interface SignUpFields extends ProfileFieldValues {
  email: string
  password: string
  signupCode: string
  consent: boolean
}

const signUpFieldNames = [...profileFieldNames, 'email', 'password', 'signupCode', 'consent'] as const

const signUpValidation = lazyZodResolver<SignUpFields, SignUpInput>(() =>
  loadAuthSchemas().then((m) => m.signUpInput),
)

function SignUpForm({ initialValues }: { initialValues: AuthFormInitialValues }) {
  const navigate = useNavigate()
  const signUp = useSignUp()
  const [formError, setFormError] = useState<string | null>(null)
  const form = useForm<SignUpFields, unknown, SignUpInput>({
    resolver: signUpValidation.resolver,
    // A field's message shows once the player leaves it, then follows their typing.
    mode: 'onTouched',
    shouldFocusError: false,
    defaultValues: {
      ...emptyProfileFields,
      firstName: initialValues.firstName ?? '',
      lastName: initialValues.lastName ?? '',
      email: initialValues.email ?? '',
      password: '',
      signupCode: initialValues.signupCode ?? '',
      consent: false,
    },
  })
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors },
  } = form

  const onSubmit = handleSubmit(
    async (input) => {
      setFormError(null)
      try {
        const { email } = await signUp.mutateAsync(input)
        // At the top: at the bottom, where the other toasts are, it covered the Check your email
        // page's Resend and Sign in buttons on a wide screen (docs/decisions/0179).
        toast.success(SIGNED_UP_MESSAGE, { position: 'top-center' })
        void navigate('/email-confirmation', { state: { email } })
      } catch (error) {
        if (applyServerFieldErrors(error, signUpFieldNames, setError)) return
        setFormError(
          isApiError(error) && error.status >= 500 ? SIGN_UP_FAILED : errorMessage(error, SIGN_UP_FAILED),
        )
      }
    },
    (invalid) => focusFirstError(invalid, signUpFieldNames, setFocus),
  )

  return (
    <FormProvider {...form}>
      <form
        noValidate
        onSubmit={onSubmit}
        onFocus={signUpValidation.preload}
        className="space-y-4"
        aria-label="Sign up"
      >
        {formError ? <FormAlert>{formError}</FormAlert> : null}
        <RequiredFieldsNote />
        {/* Each message shows as its field is left, once the tap that left it has landed. */}
        <HoldMessagesDuringTaps>
          <ProfileFields idPrefix="signup" />
          <div className="grid gap-4 sm:grid-cols-2">
            <EmailField id="signup-email" required error={errors.email?.message} {...register('email')} />
            <PasswordField
              id="signup-password"
              required
              label="Password"
              purpose="new"
              error={errors.password?.message}
              {...register('password')}
            />
            <TextField
              id="signup-code"
              required={config.requireSignupCode}
              label={config.requireSignupCode ? 'Invite code' : 'Invite code (optional)'}
              autoComplete="off"
              error={errors.signupCode?.message}
              className="sm:col-span-2"
              {...register('signupCode')}
            />
          </div>
          <CheckboxField
            id="signup-consent"
            required
            error={errors.consent?.message}
            label={
              <>
                I agree to the{' '}
                <Link to="/terms" target="_blank" className="font-semibold text-brand-700 underline">
                  Terms<span className="sr-only"> (opens in a new tab)</span>
                </Link>{' '}
                and{' '}
                {/* The policy's name stays whole: on a phone it goes to the next line rather than split. */}
                <Link
                  to="/privacy"
                  target="_blank"
                  className="font-semibold whitespace-nowrap text-brand-700 underline"
                >
                  Privacy Policy<span className="sr-only"> (opens in a new tab)</span>
                </Link>
              </>
            }
            {...register('consent')}
          />
        </HoldMessagesDuringTaps>
        <SubmitButton isPending={signUp.isPending} pendingLabel="Creating account...">
          Create Account
        </SubmitButton>
      </form>
    </FormProvider>
  )
}
