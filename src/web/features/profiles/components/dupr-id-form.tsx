import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { duprIdInput } from '../../../../domain/play-dates/results'
import type { SessionUser } from '../../../../domain/profiles/profile.schema'
import { SubmitButton, TextField } from '../../../components/ui/form-controls'
import { errorDetail } from '../../../lib/api-client'
import { toast } from '../../../lib/toast'
import { applyServerFieldErrors } from '../../auth'
import { useUpdateDuprId } from '../api/dupr-id.queries'
import { mappedZodResolver } from '../../../lib/mapped-zod-resolver'

interface DuprIdValues {
  duprId: string
}
type DuprIdOutput = z.output<typeof duprIdInput>

// A cleared field removes the ID; anything else is checked by the domain schema.
const resolver = mappedZodResolver<DuprIdValues, DuprIdOutput>(duprIdInput, (values) => ({
  duprId: values.duprId.trim() === '' ? null : values.duprId,
}))

// Profile Settings' DUPR ID: optional, cleared to remove it.
export function DuprIdForm({ user }: { user: SessionUser }) {
  const update = useUpdateDuprId()
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<DuprIdValues, unknown, DuprIdOutput>({
    resolver,
    defaultValues: { duprId: user.duprId ?? '' },
  })

  const onSubmit = handleSubmit(async ({ duprId }) => {
    try {
      const saved = await update.mutateAsync(duprId)
      reset({ duprId: saved.duprId ?? '' })
      toast.success(saved.duprId ? 'DUPR ID saved' : 'DUPR ID removed')
    } catch (error) {
      if (applyServerFieldErrors(error, ['duprId'], setError)) return
      toast.error('Could not save your DUPR ID', { description: errorDetail(error) })
    }
  })

  return (
    <form noValidate onSubmit={onSubmit} aria-labelledby="dupr-id-heading" className="space-y-3">
      <TextField
        label="DUPR ID (optional)"
        hint="As it shows in your DUPR profile, e.g. 7KX2QD. Clear the field to remove it."
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={20}
        className="sm:max-w-xs"
        error={errors.duprId?.message}
        {...register('duprId')}
      />
      <SubmitButton isPending={update.isPending} pendingLabel="Saving..." className="sm:w-auto">
        Save DUPR ID
      </SubmitButton>
    </form>
  )
}
