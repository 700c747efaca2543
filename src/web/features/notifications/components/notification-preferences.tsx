import { useState } from 'react'
import {
  notificationKindLabel,
  type NotificationPreference,
} from '../../../../domain/notifications/preferences.schema'
import { Button } from '../../../components/ui/button'
import { PageLoading } from '../../../components/ui/spinner'
import { errorDetail } from '../../../lib/api-client'
import { toast } from '../../../lib/toast'
import { useNotificationPreferences, useSetNotificationPreference } from '../api/preferences.queries'
import { outcome } from '../../../lib/outcome'

const channels = [
  { key: 'inApp', label: 'In the app' },
  { key: 'email', label: 'Email' },
  { key: 'push', label: 'Push' },
] as const

// Each kind with three switches, saved as soon as one is flipped.
export function NotificationPreferencesForm() {
  const preferences = useNotificationPreferences()
  const save = useSetNotificationPreference()
  // What the last switch saved, said under the list: a switch saves with no button to press.
  const [saved, setSaved] = useState<string | null>(null)
  // The switch being saved, where the tap moved it: set in the tap's own event, so the box shows
  // it in that render. The mutation's pending state reaches the component only after the query
  // library's notification (a timer), and meanwhile React put the controlled box back: on a
  // busy phone a tap seemed not to take.
  const [moving, setMoving] = useState<{ kind: string; channel: string; on: boolean } | null>(null)

  if (preferences.isPending) return <PageLoading />
  if (!preferences.data) {
    return (
      <div role="alert" className="text-sm text-red-700">
        <p>Could not load your notification settings.</p>
        <Button variant="secondary" size="sm" className="mt-3" onClick={() => void preferences.refetch()}>
          Try Again
        </Button>
      </div>
    )
  }

  const flip = (item: NotificationPreference, channel: (typeof channels)[number], on: boolean) => {
    const move = { kind: item.kind, channel: channel.key, on }
    setMoving(move)
    outcome(save.mutateAsync({ ...item, [channel.key]: on }), {
      onSuccess: () =>
        setSaved(
          `Saved: ${notificationKindLabel[item.kind]}, ${channel.label.toLowerCase()} ${on ? 'on' : 'off'}.`,
        ),
      onError: (error) =>
        toast.error('Could not save your notification settings', { description: errorDetail(error) }),
      // A later tap's switch stays as that tap moved it.
      onSettled: () => setMoving((current) => (current === move ? null : current)),
    })
  }

  const isOn = (item: NotificationPreference, channel: (typeof channels)[number]['key']) =>
    moving && moving.kind === item.kind && moving.channel === channel ? moving.on : item[channel]

  return (
    <>
      <ul className="divide-y divide-slate-200">
        {preferences.data.items.map((item) => (
          <li
            key={item.kind}
            className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between"
          >
            <span id={`pref-${item.kind}`} className="text-sm font-medium text-slate-900">
              {notificationKindLabel[item.kind]}
            </span>
            <span className="flex flex-wrap gap-x-4" role="group" aria-labelledby={`pref-${item.kind}`}>
              {channels.map((channel) => (
                <label
                  key={channel.key}
                  className="inline-flex min-h-11 cursor-pointer items-center gap-2 text-sm text-slate-700"
                >
                  <input
                    type="checkbox"
                    className="size-6 shrink-0 accent-brand-700"
                    checked={isOn(item, channel.key)}
                    onChange={(event) => flip(item, channel, event.target.checked)}
                  />
                  {channel.label}
                </label>
              ))}
            </span>
          </li>
        ))}
      </ul>
      <p role="status" className="mt-2 text-sm text-slate-600">
        {saved ?? 'Each switch is saved as soon as you flip it.'}
      </p>
    </>
  )
}
