// The zod-free part of a PlayDate's words: its kinds, statuses, places, labels and limits.
// Pages that only show PlayDates import these from here, so they load no schema and no zod
// (docs/decisions/0118-zod-free-display-pages.md); play-date.schema.ts re-exports them.

export const playDateTypes = ['challenge', 'earn'] as const
export type PlayDateType = (typeof playDateTypes)[number]

export const playDateStatuses = ['open', 'matched', 'completed', 'cancelled', 'expired'] as const
export type PlayDateStatus = (typeof playDateStatuses)[number]

export const requestStatuses = [
  'pending',
  'accepted',
  'joined',
  'declined',
  'withdrawn',
  'waitlisted',
] as const
export type RequestStatus = (typeof requestStatuses)[number]

export const states = [
  { code: 'AZ', name: 'Arizona' },
  { code: 'FL', name: 'Florida' },
  { code: 'CA', name: 'California' },
  { code: 'UT', name: 'Utah' },
  { code: 'TX', name: 'Texas' },
] as const
export const stateCodes = ['AZ', 'FL', 'CA', 'UT', 'TX'] as const
export type StateCode = (typeof stateCodes)[number]
export const DEFAULT_STATE: StateCode = 'AZ'

export const arizonaRegions = [
  { key: 'east_valley', label: 'East Valley' },
  { key: 'west_valley', label: 'West Valley' },
  { key: 'central_phoenix', label: 'Central Phoenix' },
  { key: 'tucson', label: 'Tucson' },
  { key: 'flagstaff', label: 'Flagstaff' },
  { key: 'sedona', label: 'Sedona' },
  { key: 'prescott', label: 'Prescott' },
  { key: 'lake_havasu', label: 'Lake Havasu City' },
  { key: 'yuma', label: 'Yuma' },
  { key: 'payson', label: 'Payson' },
] as const
export const STATEWIDE = { key: 'statewide', label: 'Statewide' } as const

// Only Arizona has regions; every other state offers one region, 'Statewide'.
export const regionsOf = (state: StateCode): ReadonlyArray<{ key: string; label: string }> =>
  state === 'AZ' ? arizonaRegions : [STATEWIDE]

export const stateName = (code: string) => states.find((s) => s.code === code)?.name ?? code
export const regionLabel = (key: string) =>
  key === STATEWIDE.key ? STATEWIDE.label : (arizonaRegions.find((r) => r.key === key)?.label ?? key)

export const typeLabel = (type: PlayDateType) => (type === 'challenge' ? 'Pay' : 'Earn')
export const typeDescription = (type: PlayDateType) =>
  type === 'challenge' ? 'Looking to Pay Higher Level Players' : 'Teach Lower Level Players'

export const DESCRIPTION_MAX = 500
export const DEFAULT_AMOUNT = 25
export const AMOUNT_STEP = 5
export const MESSAGE_MAX = 2000

export const AMOUNT_MAX = 10_000
export const amountTooHigh = 'Amount must be at most $10,000 per hour'

export const playDateTabs = ['mine', 'available', 'history'] as const
export type PlayDateTab = (typeof playDateTabs)[number]

// The PlayDate a page's path shows (`/playdates/:id`, an id in any letter case), or undefined:
// the server's first view and preload of a PlayDate page and the browser's wait for it read the
// path the same way (docs/decisions/0123).
const PLAY_DATE_PAGE = /^\/playdates\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/?$/i
export const playDateIdOfPage = (pathname: string) => PLAY_DATE_PAGE.exec(pathname)?.[1]
