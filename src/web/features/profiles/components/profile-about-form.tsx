import { Controller, useForm, useWatch } from 'react-hook-form'
import type { z } from 'zod'
import {
  BIO_MAX,
  profileAboutInput,
  type ProfileAbout,
} from '../../../../domain/profiles/profile-about.schema'
import type { SessionUser } from '../../../../domain/profiles/profile.schema'
import { Button } from '../../../components/ui/button'
import { SubmitButton, TextAreaField } from '../../../components/ui/form-controls'
import { Spinner } from '../../../components/ui/spinner'
import { errorDetail } from '../../../lib/api-client'
import { mappedZodResolver } from '../../../lib/mapped-zod-resolver'
import { toast } from '../../../lib/toast'
import { applyServerFieldErrors, FormAlert } from '../../auth'
import { useProfileAbout, useUpdateProfileAbout } from '../api/profile-about.queries'
import { PlaysAtPicker } from './plays-at-picker'

interface AboutValues {
  bio: string
  venueIds: string[]
}
type AboutOutput = z.output<typeof profileAboutInput>

// The same schema as the route: the form shows the server's messages before it asks.
const resolver = mappedZodResolver<AboutValues, AboutOutput>(profileAboutInput, (values) => values)

const valuesOf = (about: ProfileAbout): AboutValues => ({
  bio: about.bio ?? '',
  venueIds: about.playsAt.map((venue) => venue.id),
})

// Profile Settings' "About you": a short bio and the venues the player plays at.
export function ProfileAboutForm({ user }: { user: SessionUser }) {
  const about = useProfileAbout()
  // Profile Settings waits for this with the profile, so this shows only if it is slower.
  if (about.isPending)
    return (
      <div role="status" className="flex min-h-72 items-center justify-center gap-3 text-slate-700">
        <Spinner />
        Loading your bio...
      </div>
    )
  if (!about.data) {
    return (
      <>
        <FormAlert>Could not load your bio and venues.</FormAlert>
        <Button variant="secondary" size="sm" className="mt-3" onClick={() => void about.refetch()}>
          Try Again
        </Button>
      </>
    )
  }
  return <AboutFields user={user} saved={about.data} />
}

function AboutFields({ user, saved }: { user: SessionUser; saved: ProfileAbout }) {
  const update = useUpdateProfileAbout()
  const {
    register,
    control,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isDirty },
  } = useForm<AboutValues, unknown, AboutOutput>({ resolver, defaultValues: valuesOf(saved) })
  const bioLength = useWatch({ control, name: 'bio' }).length

  const onSubmit = handleSubmit(async (values) => {
    try {
      const next = await update.mutateAsync(values)
      reset(valuesOf(next))
      toast.success('Bio and venues saved')
    } catch (error) {
      if (applyServerFieldErrors(error, ['bio', 'venueIds'], setError)) return
      toast.error('Could not save your bio and venues', { description: errorDetail(error) })
    }
  })

  return (
    <form noValidate onSubmit={onSubmit} aria-labelledby="about-heading" className="space-y-5">
      <TextAreaField
        label="Bio (optional)"
        rows={3}
        placeholder="Lefty, loves a long dink rally, free most mornings."
        hint={
          <>
            A few words other players see on your profile.{' '}
            <span className={bioLength > BIO_MAX ? 'font-semibold text-red-700' : undefined}>
              {bioLength} of {BIO_MAX} characters
            </span>
          </>
        }
        error={errors.bio?.message}
        {...register('bio')}
      />
      <Controller
        control={control}
        name="venueIds"
        render={({ field, fieldState }) => (
          <PlaysAtPicker
            chosen={field.value}
            known={saved.playsAt}
            onChange={field.onChange}
            homeState={user.homeState}
            homeRegion={user.homeRegion}
            error={fieldState.error?.message}
          />
        )}
      />
      <SubmitButton isPending={update.isPending} pendingLabel="Saving..." className="sm:w-auto">
        Save bio and venues
      </SubmitButton>
      {isDirty ? <p className="text-sm text-slate-600">You have changes to save.</p> : null}
    </form>
  )
}
