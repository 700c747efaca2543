import './lib/zod-config'
import { QueryClientProvider, onlineManager } from '@tanstack/react-query'
import { StrictMode, startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import { createQueryClient } from './app/query-client'
import { AppRouter } from './app/navigation'
import { askForMorePageAnswers, loadSignedInShell } from './app/root-layout'
import { PrerenderedFocus, watchPrerenderedFocus } from './app/prerendered-focus'
import { AppRoutes, preloadPage } from './app/router'
import { askForPageAnswers, askForSignedOutPageAnswers } from './app/page-answers'
import { Toaster } from './app/toaster'
import { followAppearanceChanges } from './features/appearance'
import { prefetchSession, sessionKey } from './features/auth'
import type { SessionOutput } from '../domain/profiles/profile.schema'
import { hasOfflineViews, isNetworkFailure } from './lib/offline'
import { markFirstPageReady } from './lib/scheduling'
import './styles.css'

// The head's script set the theme before the first paint; from here it follows the device's setting.
followAppearanceChanges()

const rootElement = document.getElementById('root')!
watchPrerenderedFocus(rootElement)

const queryClient = createQueryClient()
// TanStack Query hears the browser's online and offline events, but assumes a network at start.
onlineManager.setOnline(navigator.onLine)

// The current page starts loading now (its files are preloaded by the HTML).
const firstPage = Promise.resolve(preloadPage(window.location.pathname))
// Tasks that the first page does not need wait until it is ready (lib/scheduling.ts).
void firstPage.then(markFirstPageReady)

// The HTML has already asked for the session and the page's files (preloads), so they are usually
// here by now. The first render waits for them a moment: the layout then shows the right header
// and the page at once, instead of a placeholder header that changes size when the session
// arrives and moves the page down (docs/decisions/0041-web-first-load.md). A slow answer gets
// the loading view as before.
// A signed-in player's navigation bar is a module of its own (app/signed-in-shell.tsx): it is
// part of that wait, so the bar shows with the page.
// A PlayDate's page waits for its PlayDate as well, which its HTML has asked for too: the page then
// takes the place of its first view whole (docs/decisions/0123-play-date-first-view.md).
const FIRST_RENDER_WAIT_MS = 500
const session = loadSession()
const isSignedIn = () => Boolean(queryClient.getQueryData<SessionOutput>(sessionKey)?.user)
const sessionAndShell = session.then(() =>
  isSignedIn() ? loadSignedInShell().catch(() => undefined) : undefined,
)
const pageAnswer = session.then(() =>
  isSignedIn()
    ? askForPageAnswers(queryClient, window.location.pathname, window.location.search)
    : askForSignedOutPageAnswers(queryClient, window.location.pathname),
)
// A page off the navigation bar asks for its first answers once the shell that carries them is here
// (app/more-page-answers.ts); the first render waits for it too.
void sessionAndShell.then(() => {
  if (isSignedIn()) askForMorePageAnswers(queryClient, window.location.pathname, window.location.search)
})

// Each later navigation asks for its page's first answers itself, with the page's files
// (app/navigation.tsx).
const askForAnswers = (pathname: string, search: string) => {
  if (!isSignedIn()) return askForSignedOutPageAnswers(queryClient, pathname)
  void askForPageAnswers(queryClient, pathname, search)
  askForMorePageAnswers(queryClient, pathname, search)
}

// Without a network, the session and the views kept from the last visit come from the browser
// (docs/decisions/0095-offline-last-seen-data.md): a signed-in player is not sent to sign in. The
// module that keeps them loads only then; online it comes with the signed-in shell. The browser's
// guess that it is offline can be wrong, and that module is in the shell's chunk, which the network
// may still be bringing: the session is asked for anyway once the views have taken
// OFFLINE_VIEWS_WAIT_MS to come (0149). Views that come after it change nothing newer.
const OFFLINE_VIEWS_WAIT_MS = 1000
async function loadSession() {
  const restore = () =>
    import('./lib/offline-store').then(
      (store) => store.restoreOfflineViews(queryClient),
      (error: unknown) => console.warn('Offline data: could not load', error),
    )
  if (!navigator.onLine) {
    await Promise.race([restore(), new Promise((resolve) => setTimeout(resolve, OFFLINE_VIEWS_WAIT_MS))])
    if (queryClient.getQueryData(sessionKey)) return
  }
  await prefetchSession(queryClient)
  if (isNetworkFailure(queryClient.getQueryState(sessionKey)?.error)) await restore()
  // The session ended while the app was closed: what was kept for the last player goes.
  else if (queryClient.getQueryData<SessionOutput>(sessionKey)?.user === null && hasOfflineViews())
    void import('./lib/offline-store').then((store) => store.forgetOfflineViews())
}
void Promise.race([
  Promise.all([sessionAndShell, firstPage, pageAnswer]).then(() => true),
  new Promise<boolean>((resolve) => setTimeout(() => resolve(false), FIRST_RENDER_WAIT_MS)),
]).then((isReady) => {
  const render = () =>
    createRoot(rootElement).render(
      <StrictMode>
        <PrerenderedFocus root={rootElement} />
        <QueryClientProvider client={queryClient}>
          <AppRouter loadPage={preloadPage} askForAnswers={askForAnswers}>
            <AppRoutes />
          </AppRouter>
          <Toaster />
        </QueryClientProvider>
      </StrictMode>,
    )
  // With the page ready, the first render is a transition: it yields to the browser now and then
  // instead of holding the main thread until it is done. When the wait ran out, the layout and
  // its loading view show at once.
  if (isReady) startTransition(render)
  else render()
})

// The service worker registers once the page has loaded, from a module of its own, so it takes
// nothing from the first load (docs/decisions/0092-installable-app.md).
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  const register = () => void import('./app/service-worker').then((sw) => sw.registerServiceWorker())
  if (document.readyState === 'complete') register()
  else window.addEventListener('load', register, { once: true })
}
