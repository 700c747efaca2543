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

// Every US state and DC can hold PlayDates and venues (docs/decisions/0157). The first five are
// the seed's, with their regions; everywhere else distance from home replaces regions.
export const states = [
  { code: 'AZ', name: 'Arizona' },
  { code: 'FL', name: 'Florida' },
  { code: 'CA', name: 'California' },
  { code: 'UT', name: 'Utah' },
  { code: 'TX', name: 'Texas' },
  { code: 'AL', name: 'Alabama' },
  { code: 'AK', name: 'Alaska' },
  { code: 'AR', name: 'Arkansas' },
  { code: 'CO', name: 'Colorado' },
  { code: 'CT', name: 'Connecticut' },
  { code: 'DE', name: 'Delaware' },
  { code: 'DC', name: 'District of Columbia' },
  { code: 'GA', name: 'Georgia' },
  { code: 'HI', name: 'Hawaii' },
  { code: 'ID', name: 'Idaho' },
  { code: 'IL', name: 'Illinois' },
  { code: 'IN', name: 'Indiana' },
  { code: 'IA', name: 'Iowa' },
  { code: 'KS', name: 'Kansas' },
  { code: 'KY', name: 'Kentucky' },
  { code: 'LA', name: 'Louisiana' },
  { code: 'ME', name: 'Maine' },
  { code: 'MD', name: 'Maryland' },
  { code: 'MA', name: 'Massachusetts' },
  { code: 'MI', name: 'Michigan' },
  { code: 'MN', name: 'Minnesota' },
  { code: 'MS', name: 'Mississippi' },
  { code: 'MO', name: 'Missouri' },
  { code: 'MT', name: 'Montana' },
  { code: 'NE', name: 'Nebraska' },
  { code: 'NV', name: 'Nevada' },
  { code: 'NH', name: 'New Hampshire' },
  { code: 'NJ', name: 'New Jersey' },
  { code: 'NM', name: 'New Mexico' },
  { code: 'NY', name: 'New York' },
  { code: 'NC', name: 'North Carolina' },
  { code: 'ND', name: 'North Dakota' },
  { code: 'OH', name: 'Ohio' },
  { code: 'OK', name: 'Oklahoma' },
  { code: 'OR', name: 'Oregon' },
  { code: 'PA', name: 'Pennsylvania' },
  { code: 'RI', name: 'Rhode Island' },
  { code: 'SC', name: 'South Carolina' },
  { code: 'SD', name: 'South Dakota' },
  { code: 'TN', name: 'Tennessee' },
  { code: 'VT', name: 'Vermont' },
  { code: 'VA', name: 'Virginia' },
  { code: 'WA', name: 'Washington' },
  { code: 'WV', name: 'West Virginia' },
  { code: 'WI', name: 'Wisconsin' },
  { code: 'WY', name: 'Wyoming' },
] as const
export type StateCode = (typeof states)[number]['code']
export const stateCodes = states.map((s) => s.code) as [StateCode, ...StateCode[]]
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

// What a PlayDate's chip and heading call it: its type, or "Free" for a game that costs nothing (a
// group's weekly game may, docs/decisions/0169), where no team pays or earns.
export const playDateKinds = [...playDateTypes, 'free'] as const
export type PlayDateKind = (typeof playDateKinds)[number]
export const playDateKind = (playDate: { type: PlayDateType; paymentPerHourMax: number }): PlayDateKind =>
  playDate.paymentPerHourMax === 0 ? 'free' : playDate.type
// The kind as the other team sees it: the team that answers a Pay PlayDate earns, and pays on an
// Earn one.
export const answeringKind = (kind: PlayDateKind): PlayDateKind =>
  kind === 'challenge' ? 'earn' : kind === 'earn' ? 'challenge' : kind
export const kindLabel = (kind: PlayDateKind) => (kind === 'free' ? 'Free' : typeLabel(kind))
export const kindDescription = (kind: PlayDateKind) => (kind === 'free' ? 'Free game' : typeDescription(kind))

export const DESCRIPTION_MAX = 500
export const DEFAULT_AMOUNT = 25
export const AMOUNT_STEP = 5
export const MESSAGE_MAX = 2000

export const AMOUNT_MAX = 10_000
export const amountTooHigh = 'Amount must be at most $10,000 per hour'

export const playDateTabs = ['mine', 'available', 'history'] as const

// Available's orders: soonest first, or nearest first (from the player's home).
export const availableSorts = ['soonest', 'nearest'] as const
export type AvailableSort = (typeof availableSorts)[number]
export const NEAREST_FIRST = 'Nearest first'
export type PlayDateTab = (typeof playDateTabs)[number]

// The PlayDate a page's path shows (`/playdates/:id`, an id in any letter case), or undefined:
// the server's first view and preload of a PlayDate page and the browser's wait for it read the
// path the same way (docs/decisions/0123).
const PLAY_DATE_PAGE = /^\/playdates\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/?$/i
export const playDateIdOfPage = (pathname: string) => PLAY_DATE_PAGE.exec(pathname)?.[1]
