import { zodResolver } from '@hookform/resolvers/zod'
import { Controller, useForm } from 'react-hook-form'
import {
  type CreateGroupFormValues,
  type CreateGroupInput,
  createGroupInput,
  GROUP_DESCRIPTION_MAX,
  GROUP_NAME_MAX,
  visibilityLabels,
} from '../../../../domain/groups/group.schema'
import { Dialog, FormActions } from '../../../components/ui/dialog'
import { Choice, ChoiceGroup, TextAreaField, TextField } from '../../../components/ui/form-controls'
import { isApiError } from '../../../lib/api-client'
import { toast } from '../../../lib/toast'
import { useCreateGroup } from '../api/groups.queries'
import { HomeVenuePicker } from './home-venue-picker'

// 'Create Group': name, description, home venue and who can join, checked by the server's rules.
export function CreateGroupDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean
  onClose: () => void
  onCreated: (id: string) => void
}) {
  return (
    <Dialog open={open} title="Create Group" onClose={onClose}>
      {open ? <CreateGroupForm onClose={onClose} onCreated={onCreated} /> : null}
    </Dialog>
  )
}

function CreateGroupForm({ onClose, onCreated }: { onClose: () => void; onCreated: (id: string) => void }) {
  const create = useCreateGroup()
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<CreateGroupFormValues, unknown, CreateGroupInput>({
    resolver: zodResolver(createGroupInput),
    defaultValues: { name: '', description: '', homeVenueId: null, visibility: 'open' },
  })

  const onSubmit = handleSubmit(async (values) => {
    try {
      const group = await create.mutateAsync(values)
      toast.success('Group created')
      onClose()
      onCreated(group.id)
    } catch (error) {
      const fields = isApiError(error) ? error.fields : undefined
      for (const name of ['name', 'description', 'homeVenueId', 'visibility'] as const) {
        const message = fields?.[name]
        if (message) setError(name, { message }, { shouldFocus: true })
      }
      toast.error('Could not create the group', {
        description: isApiError(error) && !fields ? error.message : undefined,
      })
    }
  })

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Create Group" className="space-y-4">
      <TextField
        label="Group name"
        autoComplete="off"
        placeholder="e.g. Tuesday Night Dinkers"
        maxLength={GROUP_NAME_MAX}
        data-autofocus
        error={errors.name?.message}
        {...register('name')}
      />
      <TextAreaField
        label="Description (optional)"
        rows={3}
        maxLength={GROUP_DESCRIPTION_MAX}
        placeholder="When you play, the level, what to bring."
        error={errors.description?.message}
        {...register('description')}
      />
      <Controller
        control={control}
        name="homeVenueId"
        render={({ field }) => (
          <HomeVenuePicker
            value={field.value ?? null}
            onChange={field.onChange}
            error={errors.homeVenueId?.message}
          />
        )}
      />
      <ChoiceGroup legend="Who can join" stacked error={errors.visibility?.message}>
        <Choice label={visibilityLabels.open} value="open" {...register('visibility')} />
        <Choice label={visibilityLabels.invite_only} value="invite_only" {...register('visibility')} />
      </ChoiceGroup>
      <FormActions onCancel={onClose} isPending={create.isPending} pendingLabel="Creating...">
        Create Group
      </FormActions>
    </form>
  )
}
