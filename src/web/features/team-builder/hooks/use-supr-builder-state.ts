import { useCallback, useEffect, useState } from 'react'
import { fitSelection, type TeamSettings, toggleSelection } from '../../../../domain/team-builder/team.rules'
import { type BuilderState, freshBuilderState, parseBuilderState } from '../lib/builder-state'

const storageKey = (userId: string) => `supr-builder:${userId}`

function readState(userId: string): BuilderState {
  try {
    return parseBuilderState(window.localStorage.getItem(storageKey(userId)))
  } catch {
    // Storage can be unavailable (privacy settings): start fresh.
    return freshBuilderState()
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

  // Players deleted elsewhere (another device, another tab) leave the stored choice, or the team
  // would count them and stay full with nobody to remove.
  const keepOnly = useCallback((existing: readonly string[]) => {
    setState((current) => {
      const kept = current.selected.filter((id) => existing.includes(id))
      return kept.length === current.selected.length ? current : { ...current, selected: kept }
    })
  }, [])

  return { settings: state.settings, selected: state.selected, updateSettings, toggle, deselect, keepOnly }
}
