import { useEffect, useState } from 'react'
import { useLocation } from 'react-router'

// Pages where a player is in the middle of something (a chat, a form, a game being set up): a
// prompt that is not urgent never opens over them.
const BUSY_PATHS = [
  /^\/playdates\/[^/]+/,
  /^\/create-playdate/,
  /^\/profile$/,
  /^\/ai-referee/,
  /^\/partner-lists\/[^/]+/,
  /^\/supr-builder/,
  /^\/add-player/,
  /^\/edit-player/,
  /^\/invite/,
]
export const isBusyPath = (path: string) => BUSY_PATHS.some((pattern) => pattern.test(path))

const isTyping = () => {
  const active = document.activeElement
  if (!(active instanceof HTMLElement)) return false
  return active.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(active.tagName)
}

export const QUIET_MS = 4000

// True once the player has been idle for `quietMs` on a page that is not busy, with no field
// focused; from then on it stays true, so what it opened is not taken away mid-answer.
export function useQuietMoment(enabled: boolean, quietMs = QUIET_MS): boolean {
  const { pathname } = useLocation()
  const [quiet, setQuiet] = useState(false)
  const busy = isBusyPath(pathname)
  useEffect(() => {
    if (!enabled || quiet || busy) return
    let timer: ReturnType<typeof setTimeout>
    const wait = () => {
      clearTimeout(timer)
      timer = setTimeout(() => {
        if (isTyping()) wait()
        else setQuiet(true)
      }, quietMs)
    }
    const events = ['keydown', 'pointerdown', 'input', 'focusin'] as const
    for (const name of events) window.addEventListener(name, wait, { passive: true })
    wait()
    return () => {
      clearTimeout(timer)
      for (const name of events) window.removeEventListener(name, wait)
    }
  }, [enabled, quiet, busy, quietMs])
  return quiet
}
