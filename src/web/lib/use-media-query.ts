import { useCallback, useSyncExternalStore } from 'react'

// Whether the screen matches a media query now, following it as the window is resized.
export function useMediaQuery(query: string) {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query)
      list.addEventListener('change', onChange)
      return () => list.removeEventListener('change', onChange)
    },
    [query],
  )
  // Rendered ahead of time (the landing page's build) there is no screen: the narrow layout.
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  )
}

// Tailwind's `lg` breakpoint: from here a list and the item chosen from it sit side by side
// (docs/decisions/0105-desktop-list-and-detail.md).
export const WIDE_SCREEN = '(min-width: 64rem)'
