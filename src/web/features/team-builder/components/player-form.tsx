import { zodResolver } from '@hookform/resolvers/zod'
import { Link2, Unlink } from 'lucide-react'
import { useId, useMemo, useState } from 'react'
import { type FieldPath, useForm } from 'react-hook-form'
import { Link } from 'react-router'
import type { z } from 'zod'
import { genders } from '../../../../domain/profiles/profile.schema'
import { playingRating } from '../../../../domain/players/rating.rules'
import {
  ageGroupLabels,
  ageGroups,
  type Player,
  playerInput,
  type PlayerValues,
  type ProfileSearchResult,
} from '../../../../domain/team-builder/player.schema'
import { Button, ButtonLink } from '../../../components/ui/button'
import {
  Choice,
  ChoiceGroup,
  FieldError,
  RequiredFieldsNote,
  TextField,
} from '../../../components/ui/form-controls'
import { isApiError } from '../../../lib/api-client'
import { usePlayers } from '../api/players.queries'
import { fullName } from '../lib/players-view'
import { ProfileSearch } from './profile-search'
import { FormAlert } from '../../auth'

type FormInput = z.input<typeof playerInput>

// What the inputs hold: text, as typed. The schema turns it into PlayerValues.
interface FormValues {
  firstName: string
  lastName: string
  gender: (typeof genders)[number] | undefined
  duprRating: string
  ageGroup: string
  duprId: string
  profileId: string
}

const genderLabels = { male: 'Male', female: 'Female' } as const
const fieldNames = [
  'firstName',
  'lastName',
  'gender',
  'duprRating',
  'ageGroup',
  'duprId',
  'profileId',
] as const

const valuesOf = (player?: Player): FormValues => ({
  firstName: player?.firstName ?? '',
  lastName: player?.lastName ?? '',
  gender: player?.gender,
  duprRating: player ? player.duprRating.toFixed(2) : '',
  ageGroup: player?.ageGroup ?? 'under_50',
  duprId: player?.duprId ?? '',
  profileId: player?.profileId ?? '',
})

interface LinkedProfile {
  id: string
  firstName: string
  lastName: string
}

// The add-player and edit-player form. Validation is the server's own schema; whatever the
// server still refuses comes back as its message, next to the field when it names one.
export function PlayerForm({
  player,
  submitLabel,
  pendingLabel,
  onSubmit,
}: {
  player?: Player
  submitLabel: string
  pendingLabel: string
  onSubmit: (values: PlayerValues) => Promise<unknown>
}) {
  const id = useId()
  const [formError, setFormError] = useState<string | null>(null)
  const [linked, setLinked] = useState<LinkedProfile | null>(player?.linkedProfile ?? null)
  const players = usePlayers()
  const {
    register,
    handleSubmit,
    setValue,
    setError,
    formState: { errors, isSubmitting, isSubmitted },
  } = useForm<FormInput, unknown, PlayerValues>({
    resolver: zodResolver(playerInput),
    defaultValues: valuesOf(player),
  })

  // Profiles linked to the user's other players cannot be linked again.
  const unavailableIds = useMemo(
    () =>
      new Set(
        (players.data ?? [])
          .filter((other) => other.id !== player?.id && other.profileId)
          .map((other) => other.profileId as string),
      ),
    [players.data, player?.id],
  )

  const link = (profile: ProfileSearchResult) => {
    const options = { shouldDirty: true, shouldValidate: isSubmitted }
    setLinked(profile)
    setValue('profileId', profile.id, options)
    // The linked player is that person: start from their profile; every field stays editable.
    setValue('firstName', profile.firstName, options)
    setValue('lastName', profile.lastName, options)
    setValue('gender', profile.gender, options)
    // A profile without a DUPR rating yet starts from its self rating.
    setValue('duprRating', playingRating(profile).toFixed(2), options)
    setValue('ageGroup', profile.ageGroup, options)
  }

  const unlink = () => {
    setLinked(null)
    setValue('profileId', '', { shouldDirty: true })
  }

  const submit = handleSubmit(async (values) => {
    setFormError(null)
    try {
      await onSubmit(values)
    } catch (error) {
      const message = error instanceof Error ? error.message : 'Something went wrong. Please try again.'
      setFormError(message)
      if (isApiError(error) && error.fields) {
        for (const [field, fieldMessage] of Object.entries(error.fields)) {
          if ((fieldNames as readonly string[]).includes(field)) {
            setError(field as FieldPath<FormInput>, { type: 'server', message: fieldMessage })
          }
        }
      }
    }
  })

  const fieldId = (name: string) => `${id}-${name}`
  const message = (name: keyof FormValues) => errors[name]?.message

  return (
    <form noValidate onSubmit={submit} className="space-y-6">
      {formError ? <FormAlert>{formError}</FormAlert> : null}

      <section
        aria-labelledby={fieldId('link-title')}
        className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
      >
        <h2 id={fieldId('link-title')} className="text-lg font-bold text-slate-900">
          Platform profile
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Optional. Link the player to their profile here to fill in their details and reach their page.
        </p>
        <input type="hidden" {...register('profileId')} />
        <div className="mt-4">
          {linked ? (
            <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-brand-600 bg-brand-50 p-3">
              <p className="flex items-center gap-2 font-semibold text-brand-900">
                <Link2 aria-hidden="true" className="size-4" />
                Linked to{' '}
                <Link to={`/profile/${linked.id}`} className="underline underline-offset-2">
                  {fullName(linked)}
                </Link>
              </p>
              <Button variant="secondary" size="sm" onClick={unlink}>
                <Unlink aria-hidden="true" className="size-4" />
                Remove link
              </Button>
            </div>
          ) : (
            <ProfileSearch unavailableIds={unavailableIds} onSelect={link} />
          )}
          <FieldError id={fieldId('profileId')} message={message('profileId')} />
        </div>
      </section>

      <section
        aria-labelledby={fieldId('details-title')}
        className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
      >
        <h2 id={fieldId('details-title')} className="text-lg font-bold text-slate-900">
          Player details
        </h2>
        <RequiredFieldsNote className="mt-1" />
        <div className="mt-4 grid gap-5 sm:grid-cols-2">
          <TextField
            label="First name"
            required
            autoComplete="off"
            error={message('firstName')}
            {...register('firstName')}
          />
          <TextField
            label="Last name"
            required
            autoComplete="off"
            error={message('lastName')}
            {...register('lastName')}
          />

          <ChoiceGroup legend="Gender" required error={message('gender')}>
            {genders.map((gender) => (
              <Choice
                key={gender}
                value={gender}
                label={genderLabels[gender]}
                required
                {...register('gender')}
              />
            ))}
          </ChoiceGroup>

          <ChoiceGroup legend="Age group" required error={message('ageGroup')}>
            {ageGroups.map((group) => (
              <Choice
                key={group}
                value={group}
                label={ageGroupLabels[group]}
                required
                {...register('ageGroup')}
              />
            ))}
          </ChoiceGroup>

          <TextField
            label="DUPR rating"
            required
            type="number"
            inputMode="decimal"
            min={2}
            max={7}
            step={0.01}
            hint="2.00 to 7.00"
            error={message('duprRating')}
            controlClassName="tabular-nums"
            {...register('duprRating')}
          />

          <TextField
            label="DUPR ID (optional)"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={6}
            hint="6 letters or numbers, as on the player’s DUPR account."
            error={message('duprId')}
            controlClassName="font-mono uppercase"
            {...register('duprId')}
          />
        </div>
      </section>

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <ButtonLink to="/supr-builder" variant="secondary">
          Cancel
        </ButtonLink>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? pendingLabel : submitLabel}
        </Button>
      </div>
    </form>
  )
}
