import { useState } from 'react'
import type { QuietHoursSettings } from '../../../../domain/notifications/preferences.schema'
import { playDateZones, zoneChoiceLabel, zoneNote } from '../../../../domain/play-dates/schedule'
import { Button, wrapsWords } from '../../../components/ui/button'
import { CheckboxField, SelectField, TextField } from '../../../components/ui/form-controls'
import { errorDetail } from '../../../lib/api-client'
import { outcome } from '../../../lib/outcome'
import { toast } from '../../../lib/toast'
import { useQuietHours, useSetQuietHours } from '../api/preferences.queries'

// Quiet hours: email and push wait for their end; the app's own notices never do
// (docs/decisions/0139).
export function QuietHoursForm() {
  const quietHours = useQuietHours()
  if (!quietHours.data) return null
  return <QuietHoursFields key={JSON.stringify(quietHours.data)} saved={quietHours.data} />
}

function QuietHoursFields({ saved }: { saved: QuietHoursSettings }) {
  const [draft, setDraft] = useState(saved)
  const save = useSetQuietHours()
  const change = (part: Partial<QuietHoursSettings>) => setDraft((d) => ({ ...d, ...part }))
  const submit = () =>
    outcome(save.mutateAsync(draft), {
      onSuccess: () => toast.success('Quiet hours saved'),
      onError: (error) => toast.error('Could not save your quiet hours', { description: errorDetail(error) }),
    })

  return (
    <form
      className="mt-4 border-t border-slate-200 pt-4"
      aria-labelledby="quiet-hours-heading"
      onSubmit={(event) => {
        event.preventDefault()
        void submit()
      }}
    >
      <h3 id="quiet-hours-heading" className="mb-2 text-base font-semibold text-slate-900">
        Quiet hours
      </h3>
      <p className="mb-2 text-sm text-slate-600">
        Emails and pushes wait until the morning; the app still shows everything at once. A reminder or a
        cancellation of a game that starts before they end still comes.
      </p>
      <CheckboxField
        label="Hold emails and pushes at night"
        checked={draft.enabled}
        onChange={(event) => change({ enabled: event.target.checked })}
      />
      <div className="mt-2 grid gap-3 sm:grid-cols-3">
        <TextField
          label="From"
          type="time"
          value={draft.start}
          disabled={!draft.enabled}
          onChange={(event) => change({ start: event.target.value })}
        />
        <TextField
          label="Until"
          type="time"
          value={draft.end}
          disabled={!draft.enabled}
          onChange={(event) => change({ end: event.target.value })}
        />
        <SelectField
          label="Time zone"
          hint={zoneNote(draft.timeZone)}
          value={draft.timeZone}
          onChange={(event) => change({ timeZone: event.target.value as QuietHoursSettings['timeZone'] })}
        >
          {playDateZones.map((zone) => (
            <option key={zone.zone} value={zone.zone}>
              {zoneChoiceLabel(zone)}
            </option>
          ))}
        </SelectField>
      </div>
      <Button type="submit" size="sm" className={`mt-3 ${wrapsWords}`} disabled={save.isPending}>
        Save quiet hours
      </Button>
    </form>
  )
}
