import { EmailField } from '../../../components/ui/form-controls'
import { zodResolver } from '@hookform/resolvers/zod'
import { Send } from 'lucide-react'
import { type Resolver, useForm } from 'react-hook-form'
import { z } from 'zod'
import {
  EMAIL_INVALID,
  NO_EMAIL_FOR_PARTNER,
  optionalEmailInput,
} from '../../../../domain/partner-lists/partner-list.schema'
import { Dialog, FormActions } from '../../../components/ui/dialog'

// Here the address is what the invitation needs, so it is required.
const inviteEmailForm = z.object({
  email: optionalEmailInput.refine((value) => value !== undefined, EMAIL_INVALID),
})
type InviteEmailValues = { email: string }
type InviteEmailInput = { email: string }

// Asked when 'Send invite' is pressed for a partner without an email address.
export function InviteEmailDialog({
  name,
  open,
  isSending,
  onClose,
  onSend,
}: {
  name: string
  open: boolean
  isSending: boolean
  onClose: () => void
  onSend: (email: string) => void
}) {
  return (
    <Dialog open={open} title={`Invite ${name}`} description={NO_EMAIL_FOR_PARTNER} onClose={onClose}>
      {open ? <InviteEmailForm isSending={isSending} onClose={onClose} onSend={onSend} /> : null}
    </Dialog>
  )
}

function InviteEmailForm({
  isSending,
  onClose,
  onSend,
}: {
  isSending: boolean
  onClose: () => void
  onSend: (email: string) => void
}) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<InviteEmailValues, unknown, InviteEmailInput>({
    resolver: zodResolver(inviteEmailForm) as Resolver<InviteEmailValues, unknown, InviteEmailInput>,
    defaultValues: { email: '' },
  })
  return (
    <form
      noValidate
      aria-label="Add an email address"
      onSubmit={handleSubmit(({ email }) => onSend(email))}
      className="space-y-4"
    >
      <EmailField
        autoComplete="off"
        // The dialog opens for this one field.
        data-autofocus
        hint="Saved on this partner and used for the invitation."
        error={errors.email?.message}
        {...register('email')}
      />
      <FormActions onCancel={onClose} isPending={isSending}>
        <Send aria-hidden="true" className="size-4" />
        {isSending ? 'Sending...' : 'Send invite'}
      </FormActions>
    </form>
  )
}
