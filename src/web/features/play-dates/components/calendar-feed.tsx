import { CalendarPlus } from 'lucide-react'
import { useState } from 'react'
import { Button, buttonClasses, wrapsWords } from '../../../components/ui/button'
import { ConfirmDialog } from '../../../components/ui/dialog'
import { PageLoading } from '../../../components/ui/spinner'
import { errorDetail } from '../../../lib/api-client'
import { toast } from '../../../lib/toast'
import { CopyLinkButton } from '../../../components/ui/copy-link-button'
import { useCalendarFeed, useResetCalendarFeed } from '../api/calendar-feed.queries'
import { outcome } from '../../../lib/outcome'

// The same feed as a `webcal:` address: a tap opens the device's calendar app, which offers to
// subscribe (Apple Calendar, Outlook and most Android calendars).
export const webcalOf = (url: string) => url.replace(/^https?:\/\//, 'webcal://')

// The player's private calendar link: subscribe once in Google, Apple or Outlook calendar.
export function CalendarFeed() {
  const feed = useCalendarFeed()
  const reset = useResetCalendarFeed()
  const [confirming, setConfirming] = useState(false)

  const make = () =>
    outcome(reset.mutateAsync(), {
      onSuccess: () => setConfirming(false),
      onError: (error) => toast.error('Could not make a calendar link', { description: errorDetail(error) }),
    })

  if (feed.isPending) return <PageLoading />
  const url = feed.data?.url ?? null

  return (
    <div className="space-y-3 text-sm text-slate-700">
      <p>
        Subscribe to this link in Google, Apple or Outlook calendar and your PlayDates appear there, with
        changes and cancellations. Keep it to yourself: anyone with the link can see your games.
      </p>
      {url ? (
        <>
          <label className="block">
            <span className="mb-1 block font-medium text-slate-900">Your calendar link</span>
            <input
              readOnly
              value={url}
              onFocus={(event) => event.currentTarget.select()}
              className="min-h-11 w-full rounded-lg border border-slate-300 bg-slate-50 px-3 font-mono text-xs"
            />
          </label>
          <div className="flex flex-wrap gap-2">
            <a href={webcalOf(url)} className={buttonClasses({ variant: 'primary' })}>
              <CalendarPlus aria-hidden="true" className="size-4" />
              Subscribe in my calendar
            </a>
            <CopyLinkButton url={url} />
            <Button variant="ghost" onClick={() => setConfirming(true)}>
              Reset link
            </Button>
          </div>
        </>
      ) : (
        <Button
          variant="secondary"
          className={wrapsWords}
          onClick={make}
          disabled={reset.isPending}
          aria-busy={reset.isPending}
        >
          <CalendarPlus aria-hidden="true" className="size-4" />
          Get my calendar link
        </Button>
      )}
      <ConfirmDialog
        open={confirming}
        title="Reset your calendar link?"
        message="The old link stops working at once. Calendars subscribed to it stop showing your games until you subscribe to the new one."
        confirmLabel="Reset link"
        isPending={reset.isPending}
        onConfirm={make}
        onCancel={() => setConfirming(false)}
      />
    </div>
  )
}
