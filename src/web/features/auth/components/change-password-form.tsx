import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { toast } from '../../../lib/toast'
import {
  type ChangePasswordInput,
  changePasswordInput,
  CURRENT_PASSWORD_INCORRECT_MESSAGE,
} from '../../../../domain/auth/auth.schema'
import { isApiError } from '../../../lib/api-client'
import { useChangePassword } from '../api/auth.queries'
import { applyServerFieldErrors } from '../lib/server-errors'
import { SubmitButton } from '../../../components/ui/form-controls'
import { PasswordField } from './password-field'

export function ChangePasswordForm() {
  const change = useChangePassword()
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<ChangePasswordInput>({
    resolver: zodResolver(changePasswordInput),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  })

  const onSubmit = handleSubmit(async (input) => {
    try {
      await change.mutateAsync(input)
      toast.success('Password updated successfully')
      reset()
    } catch (error) {
      applyServerFieldErrors(error, ['currentPassword', 'newPassword', 'confirmPassword'], setError)
      const wrongCurrent =
        isApiError(error) && error.fields?.currentPassword === CURRENT_PASSWORD_INCORRECT_MESSAGE
      if (wrongCurrent) toast.error(CURRENT_PASSWORD_INCORRECT_MESSAGE)
      else if (isApiError(error) && error.code === 'rate_limited') toast.error(error.message)
      else toast.error('Error updating password')
    }
  })

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4" aria-labelledby="password-heading">
      <PasswordField
        id="current-password"
        label="Current password"
        purpose="current"
        error={errors.currentPassword?.message}
        {...register('currentPassword')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <PasswordField
          id="new-password"
          label="New password"
          purpose="new"
          error={errors.newPassword?.message}
          {...register('newPassword')}
        />
        <PasswordField
          id="confirm-password"
          label="Confirm new password"
          purpose="confirm"
          error={errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
      </div>
      <SubmitButton isPending={change.isPending} pendingLabel="Updating..." className="sm:w-auto">
        Update Password
      </SubmitButton>
    </form>
  )
}
