import { Controller, useForm, useWatch } from 'react-hook-form'
import { useState } from 'react'
import type { z } from 'zod'
import { regionsOf, states } from '../../../../domain/play-dates/play-date.constants'
import { type Venue, venueInput } from '../../../../domain/venues/venue.schema'
import {
  VENUE_ADDRESS_MAX,
  VENUE_CITY_MAX,
  VENUE_COURTS_MAX,
  VENUE_NAME_MAX,
  venueSettingLabel,
  venueSettings,
} from '../../../../domain/venues/venue.constants'
import { Button } from '../../../components/ui/button'
import { Dialog } from '../../../components/ui/dialog'
import { isApiError } from '../../../lib/api-client'
import { toast } from '../../../lib/toast'
import { useSaveVenue } from '../api/admin.queries'
import { Choice, ChoiceGroup, SelectField, TextField } from '../../../components/ui/form-controls'
import {
  regionForState,
  toVenueInput,
  type VenueFormValues,
  venueFormFields,
  venueFormValues,
} from './venue-form-values'
import { mappedZodResolver } from '../../../lib/mapped-zod-resolver'
import { FormAlert } from '../../auth'

type VenueValues = z.output<typeof venueInput>

// The inputs hold text; the domain schema checks the numbers made of it, with its own messages
// (the cast lets it see values it may refuse: that is its job).
const resolver = mappedZodResolver<VenueFormValues, VenueValues>(venueInput, toVenueInput)

// Add Venue (no venue) or Edit Venue. `venue` is undefined when closed.
export function VenueFormDialog({
  open,
  venue,
  onClose,
}: {
  open: boolean
  venue?: Venue | undefined
  onClose: () => void
}) {
  return (
    <Dialog open={open} title={venue ? 'Edit Venue' : 'Add Venue'} onClose={onClose}>
      {open ? <VenueForm key={venue?.id ?? 'new'} venue={venue} onClose={onClose} /> : null}
    </Dialog>
  )
}

function VenueForm({ venue, onClose }: { venue?: Venue | undefined; onClose: () => void }) {
  const save = useSaveVenue()
  const [formError, setFormError] = useState<string | null>(null)
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    getValues,
    control,
    formState: { errors, isSubmitted },
  } = useForm<VenueFormValues, unknown, VenueValues>({ resolver, defaultValues: venueFormValues(venue) })
  const state = useWatch({ control, name: 'state' })
  const regions = state === '' ? [] : regionsOf(state)

  const onSubmit = handleSubmit(async (input) => {
    setFormError(null)
    try {
      await save.mutateAsync({ id: venue?.id, input })
      toast.success(venue ? 'Venue updated successfully' : 'Venue added successfully')
      onClose()
    } catch (error) {
      const fields = isApiError(error) ? (error.fields ?? {}) : {}
      let shown = false
      for (const field of venueFormFields) {
        const message = fields[field]
        if (!message) continue
        setError(field, { type: 'server', message }, { shouldFocus: !shown })
        shown = true
      }
      if (!shown) {
        setFormError(
          isApiError(error) ? error.message : venue ? 'Error updating venue' : 'Error adding venue',
        )
      }
      toast.error(venue ? 'Error updating venue' : 'Error adding venue')
    }
  })

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label={venue ? 'Edit Venue' : 'Add Venue'}
      className="space-y-4"
    >
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      <TextField
        label="Name"
        autoComplete="off"
        maxLength={VENUE_NAME_MAX}
        data-autofocus
        error={errors.name?.message}
        {...register('name')}
      />
      <TextField
        label="Address"
        autoComplete="off"
        placeholder="e.g. 1234 E Main St"
        maxLength={VENUE_ADDRESS_MAX}
        error={errors.address?.message}
        {...register('address')}
      />
      <TextField
        label="City"
        autoComplete="off"
        maxLength={VENUE_CITY_MAX}
        error={errors.city?.message}
        {...register('city')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label="State"
          error={errors.state?.message}
          {...register('state', {
            onChange: () => {
              const { state: next, region } = getValues()
              setValue('region', regionForState(next, region), { shouldValidate: isSubmitted })
            },
          })}
        >
          <option value="">Choose a state</option>
          {states.map((s) => (
            <option key={s.code} value={s.code}>
              {s.name}
            </option>
          ))}
        </SelectField>
        {/* Controlled: its options change with the state, in the same render as its value. Without a
            state, 'Choose a state' says what to do first: no second message here. */}
        <Controller
          control={control}
          name="region"
          render={({ field }) => (
            <SelectField
              label="Region"
              disabled={state === ''}
              error={state === '' ? undefined : errors.region?.message}
              {...field}
            >
              <option value="">{state === '' ? 'Choose a state first' : 'Choose a region'}</option>
              {regions.map((r) => (
                <option key={r.key} value={r.key}>
                  {r.label}
                </option>
              ))}
            </SelectField>
          )}
        />
      </div>
      <TextField
        label="Number of courts"
        type="number"
        inputMode="numeric"
        min={1}
        max={VENUE_COURTS_MAX}
        step={1}
        className="sm:w-1/2 sm:pr-2"
        error={errors.courts?.message}
        {...register('courts')}
      />
      <ChoiceGroup legend="Indoor or outdoor" error={errors.setting?.message}>
        {venueSettings.map((setting) => (
          <Choice key={setting} value={setting} label={venueSettingLabel[setting]} {...register('setting')} />
        ))}
      </ChoiceGroup>
      <TextField
        label="ZIP code"
        autoComplete="off"
        inputMode="numeric"
        maxLength={5}
        placeholder="85201"
        hint="Places the venue when no position is given."
        className="sm:w-1/2 sm:pr-2"
        error={errors.zipCode?.message}
        {...register('zipCode')}
      />
      <fieldset>
        <legend className="text-sm font-semibold text-slate-800">Position (optional)</legend>
        <p className="mt-1 text-sm text-slate-600">Both or neither, in decimal degrees.</p>
        <div className="mt-2 grid grid-cols-2 gap-3">
          <TextField
            label="Latitude"
            autoComplete="off"
            placeholder="33.4152"
            error={errors.latitude?.message}
            {...register('latitude')}
          />
          <TextField
            label="Longitude"
            autoComplete="off"
            placeholder="-111.8315"
            error={errors.longitude?.message}
            {...register('longitude')}
          />
        </div>
      </fieldset>
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose} disabled={save.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending} aria-busy={save.isPending}>
          {save.isPending ? 'Saving...' : venue ? 'Save Changes' : 'Add Venue'}
        </Button>
      </div>
    </form>
  )
}
