// SUPR Builder arithmetic. Every amount is handled in integer hundredths so that sums such as
// 0.1 + 0.2 never drift; only the edges (input and display) see decimals.

export const teamSizes = [2, 4] as const
export type TeamSize = (typeof teamSizes)[number]

export const MAX_COMBINED_DUPR_DEFAULT = 9
export const MAX_COMBINED_DUPR_MIN = 4
export const MAX_COMBINED_DUPR_MAX = 28
export const MAX_COMBINED_DUPR_STEP = 0.1

// Women and players aged 50 or more each take this much off their DUPR when the switch is on.
export const REDUCTION = 0.5
export const FIFTY_OR_OVER_AGE = 50

export const WITHIN_LIMITS = 'Within Limits'
export const TOO_HIGH = 'Too High'

export interface TeamSettings {
  maxCombinedDupr: number
  teamSize: TeamSize
  womenReduction: boolean
  over50Reduction: boolean
}

export const defaultTeamSettings: TeamSettings = {
  maxCombinedDupr: MAX_COMBINED_DUPR_DEFAULT,
  teamSize: 2,
  womenReduction: false,
  over50Reduction: false,
}

// A decimal as a whole number of hundredths, or null when it has more than two decimals.
export function toHundredths(value: number): number | null {
  if (!Number.isFinite(value)) return null
  const scaled = value * 100
  const rounded = Math.round(scaled)
  // Binary floats put 4.35 * 100 at 434.99999999999994: allow that, refuse 9.001.
  return Math.abs(scaled - rounded) < 1e-6 ? rounded : null
}

export function formatHundredths(hundredths: number): string {
  const sign = hundredths < 0 ? '-' : ''
  const abs = Math.abs(hundredths)
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`
}

// A maximum combined DUPR as typed, when it is one: 4 to 28 in steps of 0.1; otherwise null.
export function parseMaxCombinedDupr(input: string | number): number | null {
  const text = typeof input === 'number' ? String(input) : input.trim()
  if (text === '') return null
  const hundredths = toHundredths(Number(text))
  if (hundredths === null || hundredths % 10 !== 0) return null
  if (hundredths < MAX_COMBINED_DUPR_MIN * 100 || hundredths > MAX_COMBINED_DUPR_MAX * 100) return null
  return hundredths / 100
}

// The cap a new input leaves in place: an accepted value replaces the current one; anything
// else (blank, out of range, 9.05) is ignored.
export const acceptMaxCombinedDupr = (current: number, input: string | number): number =>
  parseMaxCombinedDupr(input) ?? current

export const isTeamSize = (value: unknown): value is TeamSize => value === 2 || value === 4

// Besides the captain, a team takes teamSize - 1 players.
export const selectionLimit = (teamSize: TeamSize) => teamSize - 1

// Clicking a player: a selected one leaves the team; another joins only while there is room.
export function toggleSelection(selected: readonly string[], id: string, teamSize: TeamSize): string[] {
  if (selected.includes(id)) return selected.filter((other) => other !== id)
  if (selected.length >= selectionLimit(teamSize)) return [...selected]
  return [...selected, id]
}

// What the players table says of the team, counted as the team size is ("2 players"): the captain
// is on it, so a team of 2 with no one chosen has 1 of its 2 players.
export function teamCountText(chosen: number, teamSize: TeamSize): string {
  const onTeam = Math.min(chosen, selectionLimit(teamSize)) + 1
  const count = `${onTeam} of ${teamSize} players, you included`
  if (onTeam === teamSize) return `Team full: ${count}. Remove a player to choose another.`
  return `Your team: ${count}. Choose ${teamSize - onTeam} more.`
}

// A smaller team keeps the players chosen first.
export const fitSelection = (selected: readonly string[], teamSize: TeamSize) =>
  selected.slice(0, selectionLimit(teamSize))

// Age by year difference, as the original counts it: someone born in 1976 is 50 all of 2026.
export function ageByYearDifference(birthdate: string, today: Date = new Date()): number {
  const year = Number(birthdate.slice(0, 4))
  return today.getFullYear() - year
}

export interface TeamMember {
  gender: 'male' | 'female'
  duprRating: number
  isFiftyOrOver: boolean
}

export function captainMember(
  captain: { gender: 'male' | 'female'; duprRating: number; birthdate: string },
  today: Date = new Date(),
): TeamMember {
  return {
    gender: captain.gender,
    duprRating: captain.duprRating,
    isFiftyOrOver: ageByYearDifference(captain.birthdate, today) >= FIFTY_OR_OVER_AGE,
  }
}

export function playerMember(player: {
  gender: 'male' | 'female'
  duprRating: number
  ageGroup: 'under_50' | '50_or_over'
}): TeamMember {
  return {
    gender: player.gender,
    duprRating: player.duprRating,
    isFiftyOrOver: player.ageGroup === '50_or_over',
  }
}

const ratingHundredths = (rating: number) => toHundredths(rating) ?? Math.round(rating * 100)

// Adjusted DUPR in hundredths: the DUPR minus 0.5 for a woman and 0.5 for 50 or over, each
// only while its switch is on.
export function adjustedDuprHundredths(
  member: TeamMember,
  settings: Pick<TeamSettings, 'womenReduction' | 'over50Reduction'>,
) {
  let value = ratingHundredths(member.duprRating)
  if (settings.womenReduction && member.gender === 'female') value -= REDUCTION * 100
  if (settings.over50Reduction && member.isFiftyOrOver) value -= REDUCTION * 100
  return value
}

export const adjustedDupr = (
  member: TeamMember,
  settings: Pick<TeamSettings, 'womenReduction' | 'over50Reduction'>,
) => adjustedDuprHundredths(member, settings) / 100

export interface TeamEvaluation {
  // Adjusted DUPR of the captain, then of each counted player, in hundredths.
  captainAdjusted: number
  playersAdjusted: number[]
  total: number
  cap: number
  isWithinLimits: boolean
  label: typeof WITHIN_LIMITS | typeof TOO_HIGH
}

// The team is the captain plus at most teamSize - 1 players; its total is checked against the cap.
export function evaluateTeam(
  captain: TeamMember,
  players: readonly TeamMember[],
  settings: TeamSettings,
): TeamEvaluation {
  const counted = players.slice(0, selectionLimit(settings.teamSize))
  const captainAdjusted = adjustedDuprHundredths(captain, settings)
  const playersAdjusted = counted.map((member) => adjustedDuprHundredths(member, settings))
  const total = playersAdjusted.reduce((sum, value) => sum + value, captainAdjusted)
  const cap = ratingHundredths(settings.maxCombinedDupr)
  const isWithinLimits = total <= cap
  return {
    captainAdjusted,
    playersAdjusted,
    total,
    cap,
    isWithinLimits,
    label: isWithinLimits ? WITHIN_LIMITS : TOO_HIGH,
  }
}
