import { TextField } from '../../../components/ui/form-controls'
import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { toast } from '../../../lib/toast'
import {
  type CreateListFormValues,
  type CreateListInput,
  createListInput,
} from '../../../../domain/partner-lists/partner-list.schema'
import { Dialog, FormActions } from '../../../components/ui/dialog'
import { isApiError } from '../../../lib/api-client'
import { useCreatePartnerList } from '../api/partner-lists.queries'

// 'Create List': one field, List Name, checked by the same rule as the server.
export function CreateListDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean
  onClose: () => void
  onCreated?: (id: string) => void
}) {
  return (
    <Dialog open={open} title="Create List" onClose={onClose}>
      {open ? <CreateListForm onClose={onClose} onCreated={onCreated} /> : null}
    </Dialog>
  )
}

function CreateListForm({
  onClose,
  onCreated,
}: {
  onClose: () => void
  onCreated?: ((id: string) => void) | undefined
}) {
  const create = useCreatePartnerList()
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<CreateListFormValues, unknown, CreateListInput>({
    resolver: zodResolver(createListInput),
    defaultValues: { name: '' },
  })

  const onSubmit = handleSubmit(async ({ name }) => {
    try {
      const list = await create.mutateAsync(name)
      toast.success('List created successfully')
      onClose()
      onCreated?.(list.id)
    } catch (error) {
      const fieldMessage = isApiError(error) ? error.fields?.name : undefined
      if (fieldMessage) setError('name', { message: fieldMessage }, { shouldFocus: true })
      toast.error('Error creating list', {
        description: isApiError(error) && !fieldMessage ? error.message : undefined,
      })
    }
  })

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Create List" className="space-y-4">
      <TextField
        label="List Name"
        autoComplete="off"
        placeholder="e.g. Mixed doubles, spring tournament"
        maxLength={100}
        // The dialog opens for this one field.
        data-autofocus
        error={errors.name?.message}
        {...register('name')}
      />
      <FormActions onCancel={onClose} isPending={create.isPending} pendingLabel="Creating...">
        Create List
      </FormActions>
    </form>
  )
}
