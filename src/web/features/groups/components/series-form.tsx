import { useState } from 'react'
import {
  SERIES_AMOUNT_MAX,
  SERIES_DESCRIPTION_MAX,
  type SeriesInput,
  type SeriesOutput,
  seriesInput,
  seriesWeekdays,
  weekdayLabels,
} from '../../../../domain/groups/series.schema'
import { DEFAULT_DURATION, durationLabel, durationOptions } from '../../../../domain/play-dates/schedule'
import { Dialog, FormActions } from '../../../components/ui/dialog'
import {
  Choice,
  ChoiceGroup,
  FieldPair,
  SelectField,
  TextAreaField,
  TextField,
} from '../../../components/ui/form-controls'
import { isApiError } from '../../../lib/api-client'
import { toast } from '../../../lib/toast'
import { useChangeSeries, useCreateSeries } from '../api/series.queries'
import { HomeVenuePicker } from './home-venue-picker'

type Field = keyof SeriesInput
type Values = {
  weekday: string
  startTime: string
  venueId: string | null
  durationMinutes: string
  amount: string
  description: string
  opens: 'later' | 'never'
}

const valuesOf = (series: SeriesOutput | null, homeVenueId: string | null): Values =>
  series
    ? {
        weekday: series.weekday,
        startTime: series.startTime,
        venueId: series.venue.id,
        durationMinutes: String(series.durationMinutes),
        amount: String(series.amount),
        description: series.description,
        opens: series.opensToAll ? 'later' : 'never',
      }
    : {
        weekday: 'TU',
        startTime: '18:00',
        venueId: homeVenueId,
        durationMinutes: String(DEFAULT_DURATION),
        amount: '0',
        description: '',
        opens: 'later',
      }

// 'Start a weekly series' and 'Change series': the day, time and venue of the weekly game, its
// length and price, and who may join; checked by the server's schema.
export function SeriesDialog({
  groupId,
  homeVenueId,
  series,
  open,
  onClose,
}: {
  groupId: string
  homeVenueId: string | null
  // The series to change; null to start one.
  series: SeriesOutput | null
  open: boolean
  onClose: () => void
}) {
  return (
    <Dialog
      open={open}
      title={series ? 'Change series' : 'Start a weekly series'}
      description={
        series
          ? 'Applies to the games not posted yet. Posted games nobody applied to are posted again with the change.'
          : 'Each game is posted 14 days ahead, hosted by you.'
      }
      onClose={onClose}
    >
      {open ? (
        <SeriesForm
          groupId={groupId}
          series={series}
          values={valuesOf(series, homeVenueId)}
          onClose={onClose}
        />
      ) : null}
    </Dialog>
  )
}

function SeriesForm({
  groupId,
  series,
  values: initial,
  onClose,
}: {
  groupId: string
  series: SeriesOutput | null
  values: Values
  onClose: () => void
}) {
  const create = useCreateSeries(groupId)
  const change = useChangeSeries(groupId)
  const [values, setValues] = useState(initial)
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({})
  const set = (field: keyof Values) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: event.target.value }))

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault()
    const parsed = seriesInput.safeParse({
      ...values,
      venueId: values.venueId ?? undefined,
      opensToAll: values.opens === 'later',
    })
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {}
      for (const issue of parsed.error.issues) found[issue.path[0] as Field] ??= issue.message
      setErrors(found)
      return
    }
    setErrors({})
    try {
      if (series) await change.mutateAsync({ seriesId: series.id, body: parsed.data })
      else await create.mutateAsync(parsed.data)
      toast.success(series ? 'Series changed' : 'Weekly series started')
      onClose()
    } catch (error) {
      const fields = isApiError(error)
        ? (error.fields as Partial<Record<Field, string>> | undefined)
        : undefined
      if (fields) setErrors(fields)
      toast.error(series ? 'Could not change the series' : 'Could not start the series', {
        description: isApiError(error) && !fields ? error.message : undefined,
      })
    }
  }

  return (
    <form
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      aria-label={series ? 'Change series' : 'Start a weekly series'}
      className="space-y-4"
    >
      <FieldPair>
        <SelectField label="Day" value={values.weekday} onChange={set('weekday')} error={errors.weekday}>
          {seriesWeekdays.map((day) => (
            <option key={day} value={day}>
              {weekdayLabels[day]}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Start time"
          type="time"
          step={900}
          value={values.startTime}
          onChange={set('startTime')}
          error={errors.startTime}
        />
      </FieldPair>
      <HomeVenuePicker
        label="Venue"
        hint=""
        value={values.venueId}
        onChange={(venueId) => setValues((v) => ({ ...v, venueId }))}
        error={errors.venueId}
      />
      <FieldPair>
        <SelectField
          label="Length"
          value={values.durationMinutes}
          onChange={set('durationMinutes')}
          error={errors.durationMinutes}
        >
          {durationOptions.map((minutes) => (
            <option key={minutes} value={minutes}>
              {durationLabel(minutes)}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Price per hour"
          type="number"
          inputMode="numeric"
          min={0}
          max={SERIES_AMOUNT_MAX}
          step={1}
          adornment="$"
          controlClassName="pl-7"
          hint="0 for free"
          value={values.amount}
          onChange={set('amount')}
          error={errors.amount}
        />
      </FieldPair>
      <TextAreaField
        label="Description (optional)"
        rows={2}
        maxLength={SERIES_DESCRIPTION_MAX}
        placeholder="Round robin, all levels. Bring a ball."
        value={values.description}
        onChange={set('description')}
        error={errors.description}
      />
      <ChoiceGroup legend="Who can join" stacked error={errors.opensToAll}>
        <Choice
          label="Members first, everyone 24 hours after posting"
          name="opens"
          value="later"
          checked={values.opens === 'later'}
          onChange={set('opens')}
        />
        <Choice
          label="Members only"
          name="opens"
          value="never"
          checked={values.opens === 'never'}
          onChange={set('opens')}
        />
      </ChoiceGroup>
      <FormActions
        onCancel={onClose}
        isPending={create.isPending || change.isPending}
        pendingLabel={series ? 'Saving...' : 'Starting...'}
      >
        {series ? 'Save changes' : 'Start series'}
      </FormActions>
    </form>
  )
}
