import {
  acceptMaxCombinedDupr,
  defaultTeamSettings,
  fitSelection,
  isTeamSize,
  type TeamSettings,
} from '../../../../domain/team-builder/team.rules'

export interface BuilderState {
  settings: TeamSettings
  selected: string[]
}

export const freshBuilderState = (): BuilderState => ({ settings: defaultTeamSettings, selected: [] })

// What was stored is read as untrusted input: every value goes through the same rules as a click.
export function parseBuilderState(raw: string | null): BuilderState {
  if (!raw) return freshBuilderState()
  let stored: { settings?: Partial<Record<keyof TeamSettings, unknown>>; selected?: unknown }
  try {
    stored = JSON.parse(raw) as typeof stored
  } catch {
    return freshBuilderState()
  }
  if (typeof stored !== 'object' || stored === null) return freshBuilderState()
  const s = typeof stored.settings === 'object' && stored.settings !== null ? stored.settings : {}
  const teamSize = isTeamSize(s.teamSize) ? s.teamSize : defaultTeamSettings.teamSize
  const settings: TeamSettings = {
    maxCombinedDupr:
      typeof s.maxCombinedDupr === 'number'
        ? acceptMaxCombinedDupr(defaultTeamSettings.maxCombinedDupr, s.maxCombinedDupr)
        : defaultTeamSettings.maxCombinedDupr,
    teamSize,
    womenReduction: s.womenReduction === true,
    over50Reduction: s.over50Reduction === true,
  }
  const ids = Array.isArray(stored.selected)
    ? stored.selected.filter((id): id is string => typeof id === 'string')
    : []
  return { settings, selected: fitSelection([...new Set(ids)], teamSize) }
}
