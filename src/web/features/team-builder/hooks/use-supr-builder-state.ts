import { useCallback, useEffect, useState } from 'react'
import {
  acceptMaxCombinedDupr,
  defaultTeamSettings,
  fitSelection,
  isTeamSize,
  type TeamSettings,
  toggleSelection,
} from '../../../../domain/team-builder/team.rules'

interface BuilderState {
  settings: TeamSettings
  selected: string[]
}

const storageKey = (userId: string) => `supr-builder:${userId}`

// What was stored is read as untrusted input: every value goes through the same rules as a click.
function readState(userId: string): BuilderState {
  const fresh = { settings: defaultTeamSettings, selected: [] }
  try {
    const raw = window.localStorage.getItem(storageKey(userId))
    if (!raw) return fresh
    const stored = JSON.parse(raw) as {
      settings?: Partial<Record<keyof TeamSettings, unknown>>
      selected?: unknown
    }
    const s = stored.settings ?? {}
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
    const ids = Array.isArray(stored.selected) ? stored.selected.filter((id) => typeof id === 'string') : []
    return { settings, selected: fitSelection([...new Set(ids)], teamSize) }
  } catch {
    return fresh
  }
}

// The SUPR Builder settings and the chosen players survive a trip to the add-player form and a
// reload, per user, on this device.
export function useSuprBuilderState(userId: string) {
  const [state, setState] = useState<BuilderState>(() => readState(userId))

  useEffect(() => {
    try {
      window.localStorage.setItem(storageKey(userId), JSON.stringify(state))
    } catch {
      // Private browsing or a full quota: the builder still works for this visit.
    }
  }, [userId, state])

  const updateSettings = useCallback((change: Partial<TeamSettings>) => {
    setState((current) => {
      const settings = { ...current.settings, ...change }
      return { settings, selected: fitSelection(current.selected, settings.teamSize) }
    })
  }, [])

  const toggle = useCallback((id: string) => {
    setState((current) => ({
      ...current,
      selected: toggleSelection(current.selected, id, current.settings.teamSize),
    }))
  }, [])

  const deselect = useCallback((id: string) => {
    setState((current) => ({ ...current, selected: current.selected.filter((other) => other !== id) }))
  }, [])

  return { settings: state.settings, selected: state.selected, updateSettings, toggle, deselect }
}
