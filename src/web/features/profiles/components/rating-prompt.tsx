import { zodResolver } from '@hookform/resolvers/zod'
import { AlertCircle } from 'lucide-react'
import { type InputHTMLAttributes, useId } from 'react'
import { type Resolver, useForm, useWatch } from 'react-hook-form'
import { toast } from '../../../lib/toast'
import type { z } from 'zod'
import { type RatingsInput, ratingsInput } from '../../../../domain/profiles/ratings.schema'
import { Button } from '../../../components/ui/button'
import { CheckboxField } from '../../../components/ui/form-controls'
import { NO_DUPR_LABEL } from '../../../../domain/profiles/rating.rules'
import { Dialog } from '../../../components/ui/dialog'
import { errorDetail, isApiError } from '../../../lib/api-client'
import { useRatingCheck, useSkipRatingPrompt, useUpdateRatings } from '../api/rating-prompt.queries'

type RatingFields = z.input<typeof ratingsInput>

function RatingField({
  label,
  error,
  ...props
}: { label: string; error?: string | undefined } & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId()
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-semibold text-slate-800">
        {label}
      </label>
      <input
        id={id}
        type="number"
        inputMode="decimal"
        step="0.01"
        min="2"
        max="7"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={`block min-h-11 w-full rounded-lg border bg-white px-3 py-2 text-base text-slate-900 shadow-sm focus-visible:border-brand-700 ${
          error ? 'border-red-600' : 'border-slate-300'
        }`}
        {...props}
      />
      {error ? (
        <p id={`${id}-error`} className="mt-1 flex items-start gap-1 text-sm font-medium text-red-700">
          <AlertCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {error}
        </p>
      ) : null}
    </div>
  )
}

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
    update.mutate(values, {
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
          <RatingField
            label="DUPR Rating"
            error={noDupr ? undefined : errors.duprRating?.message}
            {...register('duprRating', { disabled: noDupr })}
          />
          <div className="mt-2">
            <CheckboxField
              label={NO_DUPR_LABEL}
              {...register('noDuprRating', { onChange: () => clearErrors('duprRating') })}
            />
          </div>
        </div>
        <RatingField label="Self Rating" error={errors.selfRating?.message} {...register('selfRating')} />
      </form>
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onSkip} disabled={update.isPending}>
          Skip for Now
        </Button>
        <Button type="submit" form={formId} disabled={update.isPending} aria-busy={update.isPending}>
          Update Ratings
        </Button>
      </div>
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
    skip.mutate(undefined, {
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
