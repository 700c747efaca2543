import { dateFilterLabels } from '../../../../domain/play-dates/date-filters'
import { regionLabel, STATEWIDE, stateName } from '../../../../domain/play-dates/play-date.constants'
import { type AvailableFilters, isFullRatingRange } from './list-address'

// Writing the Available filters back to the address (read in list-address.ts).

// The URL after a change: every filter written out, `state=all` when the player chose every state.
export function withAvailableFilters(current: URLSearchParams, next: AvailableFilters): URLSearchParams {
  const updated = new URLSearchParams(current)
  for (const key of ['when', 'from', 'to', 'state', 'region', 'alone', 'within', 'sort']) updated.delete(key)
  if (next.alone) updated.set('alone', 'true')
  if (next.within) updated.set('within', String(next.within))
  if (next.nearest) updated.set('sort', 'nearest')
  if (next.when) updated.set('when', next.when)
  if (next.when === 'range') {
    if (next.from) updated.set('from', next.from)
    if (next.to) updated.set('to', next.to)
  }
  updated.set('state', next.state ?? 'all')
  if (next.state && next.region) updated.set('region', next.region)
  return updated
}

export const isNarrowed = (filters: AvailableFilters) =>
  filters.when !== null || filters.state !== null || filters.alone || filters.within !== null

// "Mar 3", a chosen range's day as the player reads it.
const dayLabel = (date: string) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  })

// What the filters are set to, in one line: the summary a phone shows them folded into ("This
// weekend · East Valley · DUPR 3.0–4.5"). The place always; the others once they narrow the list,
// so the home area with "Join alone" fits a 375 px phone (docs/decisions/0209).
export function filtersSummary(filters: AvailableFilters, range: readonly [number, number]): string {
  const when =
    filters.when === null
      ? []
      : filters.when === 'range' && filters.from
        ? [
            filters.to && filters.to !== filters.from
              ? `${dayLabel(filters.from)} – ${dayLabel(filters.to)}`
              : dayLabel(filters.from),
          ]
        : [dateFilterLabels[filters.when]]
  // A region names its state well enough ("East Valley"); a state without one, its name.
  const place =
    filters.state === null
      ? 'All states'
      : filters.region && filters.region !== STATEWIDE.key
        ? regionLabel(filters.region)
        : stateName(filters.state)
  const rating = isFullRatingRange(range) ? [] : [`DUPR ${range[0].toFixed(1)}–${range[1].toFixed(1)}`]
  const near = filters.within ? [`Within ${filters.within} mi`] : []
  return [
    ...when,
    ...(filters.within ? near : [place]),
    ...rating,
    ...(filters.alone ? ['Join alone'] : []),
  ].join(' · ')
}
