import { type DateFilter, dateFilters, rangeProblem } from '../../../../domain/play-dates/date-window'
import { regionsOf, type StateCode, stateCodes } from '../../../../domain/play-dates/play-date.constants'
import { type DistanceChoice, distanceChoices } from '../../../../domain/places/distance'

// The Available tab's date and place filters, as the URL holds them (?when=weekend&state=AZ
// &region=tucson), so a filtered list can be shared and survives reload. Without a state in the
// URL the tab opens on the player's home area; `state=all` shows every state.
export interface AvailableFilters {
  when: DateFilter | null
  from: string | null
  to: string | null
  state: StateCode | null
  region: string | null
  // "Games I can join alone": those whose DUPR range takes the player's own rating (?alone=true).
  alone: boolean
  // Within a distance of home (?within=10), and nearest first (?sort=nearest): with a home only.
  within: DistanceChoice | null
  nearest: boolean
}

export interface HomeArea {
  homeState: StateCode | null
  homeRegion: string | null
}

const isState = (value: string | null): value is StateCode => stateCodes.includes(value as StateCode)
const isDate = (value: string | null): value is string => value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value)

export function parseAvailableFilters(params: URLSearchParams, home: HomeArea | null): AvailableFilters {
  const whenParam = params.get('when')
  const when = dateFilters.includes(whenParam as DateFilter) ? (whenParam as DateFilter) : null
  const stateParam = params.get('state')
  const chosenState = isState(stateParam) ? stateParam : null
  const fromHome = stateParam !== 'all' && chosenState === null
  const state = fromHome ? (home?.homeState ?? null) : chosenState
  const regionParam = params.get('region')
  const region =
    state === null
      ? null
      : regionsOf(state).some((r) => r.key === regionParam)
        ? regionParam
        : fromHome
          ? (home?.homeRegion ?? null)
          : null
  const from = isDate(params.get('from')) ? params.get('from') : null
  const to = isDate(params.get('to')) ? params.get('to') : null
  return {
    when,
    from: when === 'range' ? from : null,
    to: when === 'range' ? to : null,
    state,
    region,
    alone: params.get('alone') === 'true',
    within: distanceChoices.find((miles) => String(miles) === params.get('within')) ?? null,
    nearest: params.get('sort') === 'nearest',
  }
}

// The problem with a chosen range the form shows before asking the server; null when it can ask.
export const availableRangeProblem = (filters: AvailableFilters) =>
  filters.when === 'range' ? rangeProblem(filters.from ?? undefined, filters.to ?? undefined) : null

// What the list asks the server for. A chosen range with a problem asks for no dates yet.
// Distances are asked for only once the player has a home.
export function availableQuery(filters: AvailableFilters, hasHome = false) {
  const dates =
    filters.when === null || availableRangeProblem(filters)
      ? {}
      : filters.when === 'range'
        ? { when: 'range' as const, from: filters.from!, to: filters.to! }
        : { when: filters.when }
  return {
    ...dates,
    ...(filters.state ? { state: filters.state } : {}),
    ...(filters.state && filters.region ? { region: filters.region } : {}),
    ...(filters.alone ? { alone: 'true' as const } : {}),
    ...(hasHome && filters.within ? { within: String(filters.within) as '5' | '10' | '25' | '50' } : {}),
    ...(hasHome && filters.nearest ? { sort: 'nearest' as const } : {}),
  }
}

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
