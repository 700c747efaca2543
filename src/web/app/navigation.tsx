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
  // Asks for the answers the page of `pathname` (at `search`) shows first, when the path changes.
  askForAnswers?: (pathname: string, search: string) => void
  children: ReactNode
}

// react-router's declarative router over the browser history (what `BrowserRouter` does), with
// one step of its own before each navigation renders: the scroll position of the page on screen
// is kept, and the next page's chunk and its first answers are asked for together. The answers
// do not wait for the chunk, nor for the page's first render, which on a busy phone comes seconds
// after the tap (docs/decisions/0149-a-page-asks-for-its-data-at-once.md). The new location renders
// as a transition, so the current page stays (and the progress bar shows) until the next one is
// ready.
export function AppRouter({ loadPage, askForAnswers, children }: AppRouterProps) {
  const [history] = useState(() => createBrowserHistory({ v5Compat: true }))
  const [state, setState] = useState({ action: history.action, location: history.location })

  useLayoutEffect(() => {
    let pathname = history.location.pathname
    return history.listen(({ action, location }) => {
      rememberScrollPosition()
      // Only a new path: a hash or a list's filters change nothing the page asked for.
      if (location.pathname !== pathname) askForAnswers?.(location.pathname, location.search)
      pathname = location.pathname
      waitForPage(loadPage(location.pathname))
      startTransition(() => setState({ action, location }))
    })
  }, [history, loadPage, askForAnswers])

  return (
    <Router location={state.location} navigationType={state.action} navigator={history}>
      {children}
    </Router>
  )
}
