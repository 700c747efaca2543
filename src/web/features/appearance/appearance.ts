import { useSyncExternalStore } from 'react'
import {
  APPEARANCE_STORAGE_KEY,
  type Appearance,
  appearanceOf,
  type Theme,
  themeColors,
  themeOf,
} from '../../../domain/appearance'

// The device's choice of light or dark (docs/decisions/0099-dark-mode.md). The head's script
// (domain/appearance.ts) applies it before the first paint; this module applies a new choice and
// follows the device's setting while the choice is System.

const systemDarkQuery = () => window.matchMedia('(prefers-color-scheme: dark)')

export function readAppearance(): Appearance {
  try {
    return appearanceOf(localStorage.getItem(APPEARANCE_STORAGE_KEY))
  } catch {
    return 'system'
  }
}

export function applyTheme(appearance: Appearance = readAppearance()) {
  const theme = themeOf(appearance, systemDarkQuery().matches)
  const root = document.documentElement
  if (root.dataset.theme === theme) return
  // The whole page changes colour at once: the transitions of buttons and links would otherwise
  // fade each from its old colour, one after another (styles.css, data-theme-changing).
  root.dataset.themeChanging = ''
  root.dataset.theme = theme
  for (const meta of document.querySelectorAll<HTMLMetaElement>('meta[name="theme-color"]')) {
    meta.content = themeColors[theme]
  }
  requestAnimationFrame(() => requestAnimationFrame(() => delete root.dataset.themeChanging))
}

// System is kept as no value at all, so a device that never chose follows its own setting.
export function saveAppearance(appearance: Appearance) {
  try {
    if (appearance === 'system') localStorage.removeItem(APPEARANCE_STORAGE_KEY)
    else localStorage.setItem(APPEARANCE_STORAGE_KEY, appearance)
  } catch {
    // Storage refused (a private window's quota): the choice holds until the page is left.
  }
  applyTheme(appearance)
}

// The device's setting changing while the choice is System, and a choice made in another tab.
export function followAppearanceChanges() {
  systemDarkQuery().addEventListener('change', () => applyTheme())
  window.addEventListener('storage', (event) => {
    if (event.key === APPEARANCE_STORAGE_KEY || event.key === null) applyTheme()
  })
}

function subscribeToTheme(onChange: () => void) {
  const observer = new MutationObserver(onChange)
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] })
  return () => observer.disconnect()
}

const currentTheme = (): Theme => (document.documentElement.dataset.theme === 'dark' ? 'dark' : 'light')

// The theme on screen, for a part that draws its own colours (the toasts).
export const useTheme = () => useSyncExternalStore(subscribeToTheme, currentTheme, (): Theme => 'light')
