import { type DateFilter, dateFilters, rangeProblem } from '../../../../domain/play-dates/date-filters'
import {
  type PlayDateTab,
  playDateTabs,
  regionsOf,
  type StateCode,
  stateCodes,
} from '../../../../domain/play-dates/play-date.constants'
import { type DistanceChoice, distanceChoices } from '../../../../domain/places/distance'

// A /playdates address read as the list reads it, and as a navigation to it reads it to ask for
// the same list with the tap (app/page-answers.ts). Light enough for the first load: the
// calendar's code (date-window.ts) and the list's components stay in the page's files.

// What the list asks the server for (its query key, api/play-date.query.ts).
export interface PlayDateListFilter {
  tab: PlayDateTab
  minRating?: number
  maxRating?: number
  // Available's date and place (available-filters.ts).
  when?: DateFilter
  from?: string
  to?: string
  state?: StateCode
  region?: string
  // "Games I can join alone".
  alone?: 'true'
  // Within a distance of home, and nearest first.
  within?: '5' | '10' | '25' | '50'
  sort?: 'nearest'
}

export const RATING_FILTER_MIN = 2
export const RATING_FILTER_MAX = 7
export const RATING_FILTER_STEP = 0.1

// The rating filter as it sits in the URL: only values inside 2 to 7 count, min never above max.
export function parseRatingRange(min: string | null, max: string | null): [number, number] {
  const read = (text: string | null, fallback: number) => {
    if (text === null || text.trim() === '') return fallback
    const value = Number(text)
    if (!Number.isFinite(value)) return fallback
    return Math.min(RATING_FILTER_MAX, Math.max(RATING_FILTER_MIN, Math.round(value * 10) / 10))
  }
  const low = read(min, RATING_FILTER_MIN)
  const high = read(max, RATING_FILTER_MAX)
  return low <= high ? [low, high] : [high, low]
}

export const isFullRatingRange = ([min, max]: readonly [number, number]) =>
  min <= RATING_FILTER_MIN && max >= RATING_FILTER_MAX

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

// What a /playdates address shows: its tab (My PlayDates unless it names another), and for
// Available the rating range (?minRating=3&maxRating=5) and the dates and place, which open on the
// player's home area. The list reads it as it renders, and a navigation to the address reads it
// to ask for the same list with the tap (app/page-answers.ts).
export interface ListAddress {
  tab: PlayDateTab
  range: [number, number]
  filters: AvailableFilters
}

export const parseTab = (value: string | null): PlayDateTab =>
  playDateTabs.includes(value as PlayDateTab) ? (value as PlayDateTab) : 'mine'

export const readListAddress = (params: URLSearchParams, home: HomeArea | null): ListAddress => ({
  tab: parseTab(params.get('tab')),
  range: parseRatingRange(params.get('minRating'), params.get('maxRating')),
  filters: parseAvailableFilters(params, home),
})

// Only Available is filtered; a full rating range is no filter.
// Distances count once the player has a home.
export function listFilterOf({ tab, range, filters }: ListAddress, hasHome = false): PlayDateListFilter {
  if (tab !== 'available') return { tab }
  const rated = isFullRatingRange(range) ? {} : { minRating: range[0], maxRating: range[1] }
  return { tab, ...rated, ...availableQuery(filters, hasHome) }
}
