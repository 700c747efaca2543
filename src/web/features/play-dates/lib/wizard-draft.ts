import { z } from 'zod'
import {
  DEFAULT_AMOUNT,
  DEFAULT_STATE,
  DESCRIPTION_MAX,
  type PlayDateType,
  regionsOf,
  STATEWIDE,
  stateCodes,
  type StateCode,
} from '../../../../domain/play-dates/play-date.constants'
import {
  DEFAULT_DURATION,
  playDateZoneIds,
  startProblem,
  startTooLate,
  wallClock,
  zonedInstant,
  zoneOfState,
} from '../../../../domain/play-dates/schedule'
import { groupAudiences } from '../../../../domain/play-dates/group-offer'

// What the Create PlayDate wizard has gathered so far. A field is set once its step was
// confirmed with Continue or Next, so a later step can tell which choices are missing.
export const wizardDraft = z.object({
  type: z.enum(['challenge', 'earn']).optional(),
  state: z.enum(stateCodes).optional(),
  regions: z.array(z.string()).optional(),
  partnerId: z.string().optional(),
  // Posting alone: a player who joins alone becomes the partner.
  partnerWanted: z.boolean().optional(),
  // Who may join alone, once the creator changed it from the default (their team ±0.5).
  minDupr: z.number().optional(),
  maxDupr: z.number().optional(),
  amount: z.number().int().min(0).optional(),
  description: z.string().max(DESCRIPTION_MAX).optional(),
  // When and where (the amount part asks for them).
  startDate: z.string().optional(),
  startTime: z.string().optional(),
  durationMinutes: z.number().int().optional(),
  timeZone: z.enum(playDateZoneIds).optional(),
  venueId: z.string().nullable().optional(),
  place: z.string().max(120).nullable().optional(),
  // For one of the player's groups (docs/decisions/0168), and who joins after its members.
  groupId: z.string().optional(),
  groupAudience: z.enum(groupAudiences).optional(),
})
export type WizardDraft = z.infer<typeof wizardDraft>

export const WIZARD_PATHS = {
  type: '/create-playdate',
  state: '/create-playdate/state',
  region: '/create-playdate/region',
  details: '/create-playdate/details',
} as const
export type WizardStep = keyof typeof WIZARD_PATHS

export const detailsSteps = ['partner', 'amount', 'description'] as const
export type DetailsStep = (typeof detailsSteps)[number]

const stepOrder: WizardStep[] = ['type', 'state', 'region', 'details']

export const hasValidRegions = (draft: WizardDraft) => {
  if (!draft.state || !draft.regions || draft.regions.length === 0) return false
  const allowed = new Set(regionsOf(draft.state).map((r) => r.key))
  return draft.regions.every((r) => allowed.has(r))
}

// The first step whose choice is missing; undefined when every step before `step` is done.
export function firstMissingStep(draft: WizardDraft, step: WizardStep): WizardStep | undefined {
  const done: Record<WizardStep, boolean> = {
    type: draft.type !== undefined,
    state: draft.state !== undefined,
    region: hasValidRegions(draft),
    details: false,
  }
  for (const earlier of stepOrder.slice(0, stepOrder.indexOf(step))) {
    if (!done[earlier]) return earlier
  }
  return undefined
}

// Inside the details step: the partner comes before the amount, the amount before the text.
export function firstMissingDetailsStep(draft: WizardDraft, step: DetailsStep): DetailsStep {
  if (step !== 'partner' && !draft.partnerId && !draft.partnerWanted) return 'partner'
  if (step === 'description' && !((draft.amount ?? 0) > 0)) return 'amount'
  return step
}

export const parseDetailsStep = (value: string | null): DetailsStep =>
  detailsSteps.includes(value as DetailsStep) ? (value as DetailsStep) : 'partner'

// The player's home area from their profile, when they set one.
export interface HomeArea {
  homeState: StateCode | null
  homeRegion: string | null
}

// Regions offered first for a state: the player's home region in their home state; otherwise
// none picked in Arizona, 'Statewide' elsewhere.
export function initialRegions(state: StateCode, home?: HomeArea | null): string[] {
  if (home?.homeState === state && home.homeRegion) {
    const region = home.homeRegion
    if (regionsOf(state).some((r) => r.key === region)) return [region]
  }
  return state === 'AZ' ? [] : [STATEWIDE.key]
}

// The state chosen, else the player's home state, else Arizona.
export const stateOrDefault = (draft: WizardDraft, home?: HomeArea | null): StateCode =>
  draft.state ?? home?.homeState ?? DEFAULT_STATE

export const amountOrDefault = (draft: WizardDraft) => draft.amount ?? DEFAULT_AMOUNT

// Whole dollars, never below 0; anything that is not a number becomes 0.
export function parseAmount(text: string): number {
  const value = Number(text)
  if (text.trim() === '' || !Number.isFinite(value) || value <= 0) return 0
  return Math.floor(value)
}

// Picking a region again removes it; the first picked stays first (it is the primary region).
export function toggleRegion(regions: readonly string[], key: string): string[] {
  return regions.includes(key) ? regions.filter((r) => r !== key) : [...regions, key]
}

export const amountTitle = (type: PlayDateType) =>
  type === 'challenge' ? 'Amount to Pay (per hour)' : 'Amount to Earn (per hour)'

export const amountNote = (type: PlayDateType) =>
  type === 'challenge'
    ? 'This is the total amount you and your partner pay per hour to the other team.'
    : 'This is the total amount the other team pays you and your partner per hour.'

// ---------------------------------------------------------------------------------------------
// Kept in sessionStorage: the draft survives a reload of the tab and dies with it.
// ---------------------------------------------------------------------------------------------

export const WIZARD_STORAGE_KEY = 'picklematch:create-playdate'

export function readDraft(storage: Pick<Storage, 'getItem'> | undefined): WizardDraft {
  try {
    const raw = storage?.getItem(WIZARD_STORAGE_KEY)
    if (!raw) return {}
    const parsed = wizardDraft.safeParse(JSON.parse(raw))
    return parsed.success ? parsed.data : {}
  } catch {
    return {}
  }
}

export function writeDraft(storage: Pick<Storage, 'setItem' | 'removeItem'> | undefined, draft: WizardDraft) {
  try {
    if (Object.keys(draft).length === 0) storage?.removeItem(WIZARD_STORAGE_KEY)
    else storage?.setItem(WIZARD_STORAGE_KEY, JSON.stringify(draft))
  } catch {
    // Storage full or blocked (private mode): the wizard still works within the page.
  }
}

// The coming Saturday (a week on, if today is Saturday), as a date input's value in `zone`:
// most club games are on weekend mornings.
export function nextSaturday(now: Date, zone: string): string {
  const today = wallClock(now, zone).date
  const [y, m, d] = today.split('-').map(Number)
  const date = new Date(Date.UTC(y!, m! - 1, d!))
  const ahead = (6 - date.getUTCDay() + 7) % 7 || 7
  date.setUTCDate(date.getUTCDate() + ahead)
  return date.toISOString().slice(0, 10)
}

export const DEFAULT_START_TIME = '08:00'

export const scheduleOrDefault = (draft: WizardDraft, now: Date) => {
  const timeZone = draft.timeZone ?? zoneOfState[stateOrDefault(draft)]
  return {
    startDate: draft.startDate ?? nextSaturday(now, timeZone),
    startTime: draft.startTime ?? DEFAULT_START_TIME,
    durationMinutes: draft.durationMinutes ?? DEFAULT_DURATION,
    timeZone,
    venueId: draft.venueId ?? null,
    place: draft.place ?? null,
  }
}

// What is wrong with the start the amount step asks for, and under which field it is said: a day
// already past (or too far ahead) under the date, a time already past or too soon under the time.
// The server checks the same rule when the PlayDate is created. A time the clocks skip is said
// beside the start as it reads.
export function startFieldError(
  when: { startDate: string; startTime: string; timeZone: string },
  now: Date,
): { field: 'startDate' | 'startTime'; message: string } | null {
  const start = zonedInstant(when.startDate, when.startTime, when.timeZone)
  if (!start) return null
  const problem = startProblem(start, now)
  if (!problem) return null
  const dayPast = when.startDate < wallClock(now, when.timeZone).date
  return { field: problem === startTooLate || dayPast ? 'startDate' : 'startTime', message: problem }
}
