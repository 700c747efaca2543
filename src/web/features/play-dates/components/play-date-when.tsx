import { CalendarClock, MapPin, Navigation } from 'lucide-react'
import { distanceLabel } from '../../../../domain/places/distance'
import {
  durationLabel,
  formatClock,
  formatStart,
  endOf,
  relativeDay,
  TIME_TO_BE_AGREED,
} from '../../../../domain/play-dates/schedule'
import { DotParts } from '../../../components/ui/dot-parts'
import { useNowByDay } from '../../../lib/use-now'
import { directionsUrl, venueAddressLine } from '../../../../domain/venues/venue.constants'

export interface PlayDateSchedule {
  startsAt: string | null
  timeZone: string | null
  durationMinutes: number | null
}

export interface PlayDatePlace {
  venue: { name: string; address: string; city: string; state: string } | null
  place: string | null
}

// The text size of a line: small on a card; `large` where the line is what the page is about (a
// PlayDate's own page, read at the courts).
const lineSize = (large: boolean) => (large ? 'text-base' : 'text-sm')

// "Sat, Dec 5 · 8:00 AM MST · tomorrow", in the PlayDate's own zone; PlayDates from before
// times say 'Time to be agreed'. "tomorrow" turns to "today" at midnight in that zone, by the
// server's clock, on a page left open.
export function PlayDateWhen({ schedule, large = false }: { schedule: PlayDateSchedule; large?: boolean }) {
  const { startsAt, timeZone, durationMinutes } = schedule
  const now = useNowByDay(timeZone)
  if (!startsAt || !timeZone || !durationMinutes) {
    return (
      <p className={`flex items-center gap-2 ${lineSize(large)} text-slate-700`}>
        <CalendarClock aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
        {TIME_TO_BE_AGREED}
      </p>
    )
  }
  const start = new Date(startsAt)
  const relative = relativeDay(start, timeZone, now)
  return (
    <p className={`@container flex items-start gap-2 ${lineSize(large)} text-slate-900`}>
      <CalendarClock
        aria-hidden="true"
        className={`${large ? 'mt-1' : 'mt-0.5'} size-4 shrink-0 text-brand-700 @max-[12rem]:hidden`}
      />
      <span>
        {/* A line breaks only after a dot: the date, the time and "1.5 h · tomorrow" each stay
            whole, so the day ("tomorrow", "in 4 days") never stands alone on a line
            (docs/decisions/0219). With under 12 rem of room (a phone's text made much larger)
            the clock gives its room to the words, and "1.5 h · tomorrow", wider than the line,
            breaks after its dot (0225). */}
        <time dateTime={startsAt} className="font-semibold">
          <DotParts text={formatStart(start, timeZone)} />
        </time>
        <span className="text-slate-600">
          {'\u00a0· '}
          <span className="whitespace-nowrap @max-[12rem]:whitespace-normal">
            <DotParts text={[durationLabel(durationMinutes), ...(relative ? [relative] : [])]} />
          </span>
        </span>
      </span>
    </p>
  )
}

// "Until 10:00 AM": the end of the game, in its zone (the detail page).
export const endsAt = (schedule: PlayDateSchedule) =>
  schedule.startsAt && schedule.timeZone && schedule.durationMinutes
    ? formatClock(endOf(new Date(schedule.startsAt), schedule.durationMinutes), schedule.timeZone)
    : null

// The venue (or the creator's words for the place); with `directions`, its address and a
// maps search for it.
// `distanceMiles`: how far from the player's home, on Available's cards ("6 mi").
export function PlayDateWhere({
  place,
  directions = false,
  large = false,
  distanceMiles,
}: {
  place: PlayDatePlace
  directions?: boolean
  large?: boolean
  distanceMiles?: number | null | undefined
}) {
  if (!place.venue && !place.place) return null
  const address = place.venue ? venueAddressLine(place.venue) : null
  const name = place.venue?.name ?? place.place!
  return (
    <div className={`flex items-start gap-2 ${lineSize(large)} text-slate-900`}>
      <MapPin aria-hidden="true" className={`${large ? 'mt-1' : 'mt-0.5'} size-4 shrink-0 text-brand-700`} />
      <div className="min-w-0">
        <p className="font-semibold break-words">
          {name}
          {typeof distanceMiles === 'number' ? (
            <span className="font-normal whitespace-nowrap text-slate-600">
              {' '}
              · {distanceLabel(distanceMiles)}
            </span>
          ) : null}
        </p>
        {directions && address ? <p className="text-slate-600">{address}</p> : null}
        {directions ? (
          <a
            href={directionsUrl(address ? `${name}, ${address}` : name)}
            target="_blank"
            rel="noreferrer"
            className="mt-1 inline-flex min-h-11 items-center gap-1 font-semibold text-brand-800 underline underline-offset-2"
          >
            <Navigation aria-hidden="true" className="size-4" />
            Directions
          </a>
        ) : null}
      </div>
    </div>
  )
}
