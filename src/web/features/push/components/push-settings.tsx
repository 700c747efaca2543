import { PUSH_MESSAGES } from '../../../../domain/push/push.schema'
import { Button, wrapsWords } from '../../../components/ui/button'
import { Spinner } from '../../../components/ui/spinner'
import { errorDetail } from '../../../lib/api-client'
import { toast } from '../../../lib/toast'
import {
  type DevicePushState,
  canGetPush,
  useDevicePush,
  usePushConfig,
  useTurnPushOff,
  useTurnPushOn,
} from '../api/push.queries'
import { outcome } from '../../../lib/outcome'

const stateText: Record<DevicePushState, string> = {
  on: 'Push is on for this device.',
  off: 'Push is off for this device.',
  blocked:
    'Your browser blocks notifications from this site. Allow them in the browser’s site settings, then turn push on.',
}

const failureDetail = (error: unknown) =>
  errorDetail(error) ?? (error instanceof Error && error.name !== 'ApiError' ? error.message : undefined)

// "Push notifications on this device": the server's push must be set up and the browser able to
// get push; permission is asked only when the player taps Turn on.
export function PushSettings() {
  const config = usePushConfig()
  const supported = canGetPush()
  const device = useDevicePush(Boolean(config.data?.enabled))
  const turnOn = useTurnPushOn()
  const turnOff = useTurnPushOff()

  let content
  if (config.isPending) {
    content = (
      <p role="status" className="flex items-center gap-2 text-sm text-slate-700">
        <Spinner className="size-4" /> Loading...
      </p>
    )
  } else if (!config.data) {
    content = (
      <div role="alert" className="text-sm text-red-700">
        <p>Could not load the push settings.</p>
        <Button variant="secondary" className="mt-3" onClick={() => void config.refetch()}>
          Try Again
        </Button>
      </div>
    )
  } else if (!config.data.enabled || !config.data.publicKey) {
    content = <p className="text-sm text-slate-700">{PUSH_MESSAGES.off}.</p>
  } else if (!supported) {
    content = <p className="text-sm text-slate-700">This browser cannot get push notifications.</p>
  } else {
    const publicKey = config.data.publicKey
    const state = device.data
    const busy = turnOn.isPending || turnOff.isPending || device.isPending
    content = (
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="text-sm">
          <p role="status" className="text-slate-700">
            {turnOn.isPending
              ? 'Turning on push: waiting for your browser...'
              : state
                ? stateText[state]
                : 'Checking this device...'}
          </p>
          {turnOn.error && !turnOn.isPending ? (
            <p role="alert" className="mt-1 font-medium text-red-700">
              Push could not be turned on. {failureDetail(turnOn.error)}
            </p>
          ) : null}
        </div>
        {state === 'on' ? (
          <Button
            variant="secondary"
            className={`w-full sm:w-auto ${wrapsWords}`}
            disabled={busy}
            onClick={() =>
              outcome(turnOff.mutateAsync(), {
                onError: (error) =>
                  toast.error('Could not turn off push on this device', {
                    description: failureDetail(error),
                  }),
              })
            }
          >
            Turn off push on this device
          </Button>
        ) : (
          <Button
            className={`w-full sm:w-auto ${wrapsWords}`}
            disabled={busy}
            aria-busy={turnOn.isPending}
            onClick={() =>
              // A failure is said under the status, where it stays until the next try.
              outcome(turnOn.mutateAsync(publicKey), {})
            }
          >
            {turnOn.isPending ? (
              <>
                <Spinner className="size-4" /> Turning on...
              </>
            ) : (
              'Turn on push on this device'
            )}
          </Button>
        )}
      </div>
    )
  }

  return (
    <section aria-labelledby="push-heading" className="mt-6 border-t border-slate-200 pt-4">
      <h3 id="push-heading" className="mb-2 text-base font-semibold text-slate-900">
        Push notifications on this device
      </h3>
      <p className="mb-3 text-sm text-slate-600">
        Get a notification on this phone or computer when a game is accepted or a message arrives, even with
        the app closed.
      </p>
      {content}
    </section>
  )
}
