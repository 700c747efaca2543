import { type ReactNode, startTransition, useLayoutEffect, useState, useSyncExternalStore } from 'react'
import { Router, UNSAFE_createBrowserHistory as createBrowserHistory } from 'react-router'
import { rememberScrollPosition } from './scroll-restoration'

// The page chunk the navigation under way is waiting for, if any: the layout shows a progress
// bar meanwhile. A later navigation replaces it.
let pendingPage: Promise<unknown> | null = null
const listeners = new Set<() => void>()

function waitForPage(load: Promise<unknown> | null) {
  if (load === pendingPage) return
  pendingPage = load
  for (const listener of listeners) listener()
  const settle = () => {
    if (pendingPage === load) waitForPage(null)
  }
  load?.then(settle, settle)
}

const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

const isLoadingPage = () => pendingPage !== null
// No page is loading in a render on the server (the prerendered landing page, src/web/prerender.tsx).
export const useIsLoadingPage = () => useSyncExternalStore(subscribe, isLoadingPage, () => false)

interface AppRouterProps {
  // Starts loading the page of `pathname`; null when it is already loaded.
  loadPage: (pathname: string) => Promise<unknown> | null
  children: ReactNode
}

// react-router's declarative router over the browser history (what `BrowserRouter` does), with
// one step of its own before each navigation renders: the scroll position of the page on screen
// is kept and the next page's chunk starts loading. The new location renders as a transition, so
// the current page stays (and the progress bar shows) until the next one is ready.
export function AppRouter({ loadPage, children }: AppRouterProps) {
  const [history] = useState(() => createBrowserHistory({ v5Compat: true }))
  const [state, setState] = useState({ action: history.action, location: history.location })

  useLayoutEffect(
    () =>
      history.listen(({ action, location }) => {
        rememberScrollPosition()
        waitForPage(loadPage(location.pathname))
        startTransition(() => setState({ action, location }))
      }),
    [history, loadPage],
  )

  return (
    <Router location={state.location} navigationType={state.action} navigator={history}>
      {children}
    </Router>
  )
}
