import { forwardRef } from 'react'
import { PASSWORD_MIN } from '../../../../domain/auth/auth.schema'
import { TextField, type TextFieldProps } from '../../../components/ui/form-controls'

type PasswordFieldProps = Omit<TextFieldProps, 'type' | 'autoComplete'> & {
  // The password the account has now; a new one (with the length it needs); or the new one again.
  purpose: 'current' | 'new' | 'confirm'
}

// A password: the browser's password manager fills in the current one and offers to make a new
// one; a new one says how long it must be.
export const PasswordField = forwardRef<HTMLInputElement, PasswordFieldProps>(function PasswordField(
  { purpose, ...props },
  ref,
) {
  return (
    <TextField
      ref={ref}
      type="password"
      autoComplete={purpose === 'current' ? 'current-password' : 'new-password'}
      hint={purpose === 'new' ? `At least ${PASSWORD_MIN} characters` : undefined}
      {...props}
    />
  )
})
