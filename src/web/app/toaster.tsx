import { type CSSProperties, useEffect, useState } from 'react'
import { useTheme } from '../features/appearance'
import { loadToasts, onToastsLoading, toasterMounted } from '../lib/toast'
import { whenIdle } from '../lib/scheduling'

type SonnerToaster = (typeof import('sonner'))['Toaster']

// The top bar's height: the signed-in bar says its own (--top-nav-height, top-nav.tsx); the
// signed-out one is 60 px and its border.
const TOP_BAR_CLEARANCE = 'calc(var(--top-nav-height, 61px) + 8px)'

// The toast area (an `Alerts` live region). It comes on screen once the first page is idle, or as
// soon as a toast is raised before that (the toast then waits for it: lib/toast.ts).
export function Toaster() {
  const [SonnerToaster, setSonnerToaster] = useState<SonnerToaster | null>(null)
  const theme = useTheme()

  useEffect(() => {
    let active = true
    const mount = () => {
      loadToasts().then(
        (sonner) => {
          if (active) setSonnerToaster(() => sonner.Toaster)
        },
        () => undefined,
      )
    }
    const stopListening = onToastsLoading(mount)
    const cancelIdle = whenIdle(mount)
    return () => {
      active = false
      stopListening()
      cancelIdle()
    }
  }, [])

  useEffect(() => {
    if (SonnerToaster) toasterMounted()
  }, [SonnerToaster])

  if (!SonnerToaster) return null
  return (
    <SonnerToaster
      position="bottom-center"
      // Above the phone's bottom tab bar when it is there (styles.css), and a toast at the top
      // (sign-up's) under the top bar, clear of its menu and links (docs/decisions/0214).
      offset={{ top: TOP_BAR_CLEARANCE, bottom: 'calc(var(--bottom-tabs-space, 0px) + 24px)' }}
      mobileOffset={{ top: TOP_BAR_CLEARANCE, bottom: 'calc(var(--bottom-tabs-space, 0px) + 16px)' }}
      richColors
      closeButton
      containerAriaLabel="Alerts"
      // The app is written left to right. Told so, the library does not read the page's computed
      // direction as it mounts, which makes the browser work out every style on the page at once.
      dir="ltr"
      theme={theme}
      // The library's green and red text on their pale backgrounds read 4.3:1, under the 4.5:1
      // WCAG AA asks of text this size; the same hues, darker (6.4:1 and 5.9:1). Its dark colours
      // pass as they are.
      style={
        theme === 'light'
          ? ({ '--success-text': '#006b24', '--error-text': '#c00000' } as CSSProperties)
          : undefined
      }
    />
  )
}
