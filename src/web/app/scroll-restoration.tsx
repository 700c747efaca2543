import { useEffect, useLayoutEffect } from 'react'
import { useLocation } from 'react-router'

// Scroll positions by history entry (`location.key`), kept for the tab's session so that Back,
// Forward and a reload bring the reader back to where they were.
const STORAGE_KEY = 'scroll-positions'
let positions: Record<string, number> | undefined
// The history entry on screen: the page stays until the next one is ready to show.
let shownKey: string | undefined

function savedPositions() {
  if (!positions) {
    try {
      positions = (JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, number>) ?? {}
    } catch {
      positions = {}
    }
  }
  return positions
}

// Called as a navigation starts, before the next page replaces the one on screen.
export function rememberScrollPosition() {
  if (shownKey !== undefined) savedPositions()[shownKey] = window.scrollY
}

function savePositions() {
  rememberScrollPosition()
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(savedPositions()))
  } catch (error) {
    console.warn('Scroll positions could not be saved', error)
  }
  // The browser's own restoration for the reload or the next document.
  window.history.scrollRestoration = 'auto'
}

// A new page starts at the top (or at its #fragment); Back and Forward return to the position
// the page was left at.
export function ScrollRestoration() {
  const location = useLocation()

  useEffect(() => {
    window.history.scrollRestoration = 'manual'
    window.addEventListener('pagehide', savePositions)
    return () => {
      window.removeEventListener('pagehide', savePositions)
      window.history.scrollRestoration = 'auto'
    }
  }, [])

  useLayoutEffect(() => {
    shownKey = location.key
    const saved = savedPositions()[location.key]
    if (typeof saved === 'number') {
      window.scrollTo(0, saved)
      return
    }
    if (location.hash) {
      let target: HTMLElement | null = null
      try {
        target = document.getElementById(decodeURIComponent(location.hash.slice(1)))
      } catch {
        // Not a decodable id: no element to scroll to.
      }
      if (target) {
        target.scrollIntoView()
        // A section made to be jumped to (tabindex -1) takes the focus too, so the keyboard goes
        // on from there.
        if (target.hasAttribute('tabindex')) target.focus({ preventScroll: true })
        return
      }
    }
    window.scrollTo(0, 0)
  }, [location])

  return null
}
