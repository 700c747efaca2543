import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { type Resolver, useForm } from 'react-hook-form'
import { Link, useNavigate } from 'react-router'
import { toast } from '../../../lib/toast'
import {
  type ForgotPasswordInput,
  forgotPasswordInput,
  type ResetPasswordForm as ResetPasswordValues,
  resetPasswordForm,
} from '../../../../domain/auth/auth.schema'
import { useForgotPassword, useResetPassword } from '../api/auth.queries'
import { errorMessage } from '../lib/server-errors'
import { FormAlert } from './form-alert'
import { EmailField, SubmitButton } from '../../../components/ui/form-controls'
import { PasswordField } from './password-field'

export const PASSWORD_RESET_DONE = 'Your password has been reset. Please sign in with your new password.'

export function ForgotPasswordForm() {
  const forgot = useForgotPassword()
  const [sent, setSent] = useState<string | null>(null)
  const [formError, setFormError] = useState<string | null>(null)
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<{ email: string }, unknown, ForgotPasswordInput>({
    resolver: zodResolver(forgotPasswordInput) as Resolver<{ email: string }, unknown, ForgotPasswordInput>,
    defaultValues: { email: '' },
  })

  const onSubmit = handleSubmit(async ({ email }) => {
    setFormError(null)
    try {
      const { message } = await forgot.mutateAsync(email)
      setSent(message)
    } catch (error) {
      setFormError(errorMessage(error, 'Could not send the email. Please try again.'))
    }
  })

  if (sent) {
    return (
      <div className="space-y-4">
        <FormAlert tone="success">{sent}</FormAlert>
        <p className="text-sm text-slate-700">
          The link works for one hour. Check your spam folder if it does not arrive.
        </p>
      </div>
    )
  }

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label="Forgot password">
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      <EmailField id="forgot-email" error={errors.email?.message} {...register('email')} />
      <SubmitButton isPending={forgot.isPending} pendingLabel="Sending...">
        Send reset link
      </SubmitButton>
    </form>
  )
}

// A reset link that cannot be used (expired, used, malformed): why, and the way to a new one.
export function ResetLinkUnusable({ message }: { message: string }) {
  return (
    <FormAlert>
      <p>{message}</p>
      <Link to="/forgot-password" className="mt-1 inline-block font-semibold underline underline-offset-2">
        Request a new link
      </Link>
    </FormAlert>
  )
}

export function ResetPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate()
  const reset = useResetPassword()
  const [formError, setFormError] = useState<string | null>(null)
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ResetPasswordValues>({
    resolver: zodResolver(resetPasswordForm),
    defaultValues: { password: '', confirmPassword: '' },
  })

  const onSubmit = handleSubmit(async ({ password }) => {
    setFormError(null)
    try {
      await reset.mutateAsync({ token, password })
      toast.success('Password updated successfully')
      void navigate('/signin', { replace: true, state: { message: PASSWORD_RESET_DONE } })
    } catch (error) {
      const fieldMessage = (error as { fields?: Record<string, string> }).fields?.password
      if (fieldMessage) setError('password', { type: 'server', message: fieldMessage })
      else setFormError(errorMessage(error, 'Error updating password'))
    }
  })

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label="Reset password">
      {formError ? <ResetLinkUnusable message={formError} /> : null}
      <PasswordField
        id="reset-password"
        label="New password"
        purpose="new"
        error={errors.password?.message}
        {...register('password')}
      />
      <PasswordField
        id="reset-confirm"
        label="Confirm new password"
        purpose="confirm"
        error={errors.confirmPassword?.message}
        {...register('confirmPassword')}
      />
      <SubmitButton isPending={reset.isPending} pendingLabel="Saving...">
        Set new password
      </SubmitButton>
    </form>
  )
}
