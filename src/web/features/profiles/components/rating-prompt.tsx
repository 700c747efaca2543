import { zodResolver } from '@hookform/resolvers/zod'
import { useId } from 'react'
import { type Resolver, useForm, useWatch } from 'react-hook-form'
import { toast } from '../../../lib/toast'
import type { z } from 'zod'
import { type RatingsInput, ratingsInput } from '../../../../domain/profiles/ratings.schema'
import { CheckboxField, TextField } from '../../../components/ui/form-controls'
import { NO_DUPR_LABEL } from '../../../../domain/players/rating.rules'
import { Dialog, FormActions } from '../../../components/ui/dialog'
import { errorDetail, isApiError } from '../../../lib/api-client'
import { useRatingCheck, useSkipRatingPrompt, useUpdateRatings } from '../api/rating-prompt.queries'
import { outcome } from '../../../lib/outcome'

type RatingFields = z.input<typeof ratingsInput>

// A rating between 2 and 7 with two decimals, typed on a number pad.
const ratingControl = { type: 'number', inputMode: 'decimal', step: '0.01', min: '2', max: '7' } as const

function RatingForm({
  current,
  onSkip,
}: {
  current: { duprRating: number | null; selfRating: number }
  onSkip: () => void
}) {
  const update = useUpdateRatings()
  const formId = useId()
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    control,
    formState: { errors },
  } = useForm<RatingFields, unknown, RatingsInput>({
    resolver: zodResolver(ratingsInput) as Resolver<RatingFields, unknown, RatingsInput>,
    defaultValues: {
      duprRating: current.duprRating === null ? '' : current.duprRating.toFixed(2),
      noDuprRating: current.duprRating === null,
      selfRating: current.selfRating.toFixed(2),
    },
  })
  const noDupr = useWatch({ control, name: 'noDuprRating' }) === true

  const submit = handleSubmit((values) =>
    outcome(update.mutateAsync(values), {
      onError: (error) => {
        const fields = isApiError(error) ? error.fields : undefined
        for (const name of ['duprRating', 'selfRating'] as const) {
          if (fields?.[name]) setError(name, { message: fields[name] })
        }
        // A session that ended meanwhile (another device signed out everywhere, a pause).
        if (isApiError(error) && error.status === 401) toast.error('User not authenticated')
        else toast.error(errorDetail(error) ?? 'Failed to update ratings')
      },
    }),
  )

  return (
    <>
      <form id={formId} onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2">
        <div>
          <TextField
            label="DUPR Rating"
            error={noDupr ? undefined : errors.duprRating?.message}
            {...ratingControl}
            {...register('duprRating', { disabled: noDupr })}
          />
          <div className="mt-2">
            <CheckboxField
              label={NO_DUPR_LABEL}
              {...register('noDuprRating', { onChange: () => clearErrors('duprRating') })}
            />
          </div>
        </div>
        <TextField
          label="Self Rating"
          error={errors.selfRating?.message}
          {...ratingControl}
          {...register('selfRating')}
        />
      </form>
      <FormActions
        onCancel={onSkip}
        cancelLabel="Skip for Now"
        isPending={update.isPending}
        form={formId}
        className="mt-6"
      >
        Update Ratings
      </FormActions>
    </>
  )
}

// Over any signed-in screen when the server says the ratings are due for a check. Skip (or
// Escape) snoozes it for 7 days; Update records the ratings.
export function RatingPrompt() {
  const check = useRatingCheck()
  const skip = useSkipRatingPrompt()
  const data = check.data
  const open = data?.updateNeeded === true

  const onSkip = () =>
    outcome(skip.mutateAsync(), {
      onError: (error) => console.warn('Could not record the skipped rating prompt', error),
    })

  return (
    <Dialog
      open={open}
      title="Update Your Ratings"
      description="It has been a while since you confirmed your ratings. Are they still right?"
      onClose={onSkip}
    >
      {data ? <RatingForm current={data} onSkip={onSkip} /> : null}
    </Dialog>
  )
}
