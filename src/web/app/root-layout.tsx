import { lazy, type MouseEvent, Suspense } from 'react'
import { Outlet } from 'react-router'
import { PublicHeader } from '../components/layout/public-header'
import { SiteFooter } from '../components/layout/site-footer'
import { TopNav } from '../components/layout/top-nav'
import { PageLoading } from '../components/ui/spinner'
import { useSession } from '../features/auth/api/session.queries'
import { useRatingCheck } from '../features/profiles/api/rating-prompt.queries'
import { LiveEvents } from '../lib/live-events'
import { useIsLoadingPage } from './navigation'
import { RouteError, RouteErrorBoundary } from './route-error'
import { ScrollRestoration } from './scroll-restoration'
import { FocusKeeper } from './focus-keeper'
import { SessionSync } from './session-sync'

// The rating prompt (a form with react-hook-form and zod) loads only when the server says the
// player's ratings are due for a check: it is not part of any page's first load.
const RatingPrompt = lazy(() =>
  import('../features/profiles/components/rating-prompt').then((m) => ({ default: m.RatingPrompt })),
)

function RatingPromptWhenDue() {
  const check = useRatingCheck()
  if (check.data?.updateNeeded !== true) return null
  return (
    <Suspense fallback={null}>
      <RatingPrompt />
    </Suspense>
  )
}

function NavigationProgress() {
  if (!useIsLoadingPage()) return null
  return (
    <div aria-hidden="true" className="fixed inset-x-0 top-0 z-50 h-1 overflow-hidden bg-brand-100">
      <div className="h-full w-2/5 bg-brand-600 [animation:navigation-progress_1s_ease-in-out_infinite]" />
    </div>
  )
}

// Focus moves to the content, not just the scroll position, so keyboard users land there too.
function skipToContent(event: MouseEvent<HTMLAnchorElement>) {
  event.preventDefault()
  const main = document.getElementById('main')
  main?.focus()
  main?.scrollIntoView()
}

export function RootLayout() {
  const { user, isLoading } = useSession()
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        onClick={skipToContent}
        className="sr-only z-50 rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <NavigationProgress />
      {user ? <TopNav user={user} /> : <PublicHeader showActions={!isLoading} />}
      {/* At least a screen tall: while a page or its data loads, the footer waits below the fold
          instead of jumping down when the content arrives. */}
      <main id="main" tabIndex={-1} className="min-h-dvh w-full flex-1 focus:outline-none">
        <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 sm:py-10">
          {/* A page that crashes shows the error here, in the layout. On the first load the
              page may still be on its way: 'Loading...' holds its place. */}
          <RouteErrorBoundary fallback={RouteError}>
            <Suspense fallback={<PageLoading />}>
              <Outlet />
            </Suspense>
          </RouteErrorBoundary>
        </div>
      </main>
      <SiteFooter user={user} />
      <SessionSync />
      {user ? <LiveEvents /> : null}
      {user ? <RatingPromptWhenDue /> : null}
      <ScrollRestoration />
      <FocusKeeper />
    </div>
  )
}
