import type { QueryClient } from '@tanstack/react-query'
import { type MouseEvent, Suspense, use, useContext } from 'react'
import { Outlet } from 'react-router'
import type { SessionUser } from '../../domain/profiles/profile.schema'
import { Brand } from '../components/layout/brand'
import { PublicHeader } from '../components/layout/public-header'
import { SiteFooter } from '../components/layout/site-footer'
import { PageLoading } from '../components/ui/spinner'
import { useSession } from '../features/auth'
import { useIsLoadingPage } from './navigation'
import { RouteError, RouteErrorBoundary } from './route-error'
import { ScrollRestoration } from './scroll-restoration'
import { FocusKeeper } from './focus-keeper'
import { SessionSync } from './session-sync'
import { RenderingShellPlaceholders } from '../lib/first-view'

type SignedInShell = typeof import('./signed-in-shell')
let shell: SignedInShell | undefined
let loadingShell: Promise<void> | undefined

// Starts loading the signed-in shell (./signed-in-shell.tsx); main.tsx calls it as soon as the
// session says someone is signed in. A failed load is tried again at the next call.
export const loadSignedInShell = () =>
  (loadingShell ??= import('./signed-in-shell').then(
    (module) => {
      shell = module
    },
    (error: unknown) => {
      loadingShell = undefined
      throw error
    },
  ))

// The first answers of the pages off the navigation bar, and of Available, come with the shell
// (app/more-page-answers.ts). A tap comes from a page whose shell is here; before it is (a first
// load still on its way), the page asks for them when it renders, and nothing waits for the shell.
export function askForMorePageAnswers(queryClient: QueryClient, pathname: string, search: string) {
  shell?.askForMorePageAnswers(queryClient, pathname, search)
}

// The signed-in part of the layout. Once its module is here it renders at once (React.lazy would
// suspend on its first render even then). Until then the navigation bar keeps its place with an
// empty bar of its height, so nothing below it moves when it arrives; a module that cannot be
// fetched shows the app's error view in place of the layout, whose 'Try Again' reloads.
function SignedInNav({ user }: { user: SessionUser }) {
  if (useContext(RenderingShellPlaceholders)) return <NavPlaceholder />
  if (!shell) use(loadSignedInShell())
  return shell ? <shell.TopNav user={user} /> : null
}

// The navigation bar's place while its module loads: the same rows at the same heights (the bar,
// the welcome line under it on phones, the links row from lg up), empty.
function NavPlaceholder() {
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-2 px-edge py-2">
        <Brand to="/dashboard" />
        {/* As tall as the welcome line with its face (Avatar xs). */}
        <p className="order-last flex w-full items-center pb-1 text-sm md:order-none md:ml-2 md:w-auto md:flex-1 md:pb-0">
          <span className="size-7" />
        </p>
        <div className="ml-auto size-11" />
      </div>
      <div className="hidden h-[3.25rem] border-t border-slate-100 lg:block" />
    </header>
  )
}

function SignedInExtras({ user }: { user: SessionUser }) {
  if (useContext(RenderingShellPlaceholders)) return null
  if (!shell) use(loadSignedInShell())
  if (!shell) return null
  const { LiveEvents, RatingPromptWhenDue, BottomTabs, KeepOfflineViews } = shell
  return (
    <>
      <BottomTabs />
      <LiveEvents />
      <RatingPromptWhenDue />
      <KeepOfflineViews userId={user.id} />
    </>
  )
}

// Without a network, a signed-in page says since when what it shows is
// (docs/decisions/0095-offline-last-seen-data.md).
function OfflineNotice() {
  if (useContext(RenderingShellPlaceholders)) return null
  if (!shell) use(loadSignedInShell())
  return shell ? <shell.OfflineBanner /> : null
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
      {user ? (
        <Suspense fallback={<NavPlaceholder />}>
          <SignedInNav user={user} />
        </Suspense>
      ) : (
        <PublicHeader showActions={!isLoading} />
      )}
      {/* At least a screen tall: while a page or its data loads, the footer waits below the fold
          instead of jumping down when the content arrives. */}
      <main id="main" tabIndex={-1} className="min-h-dvh w-full flex-1 focus:outline-none">
        <div className="mx-auto w-full max-w-6xl px-edge py-6 sm:py-10">
          {user ? (
            <Suspense fallback={null}>
              <OfflineNotice />
            </Suspense>
          ) : null}
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
      {user ? (
        <Suspense fallback={null}>
          <SignedInExtras user={user} />
        </Suspense>
      ) : null}
      <ScrollRestoration />
      <FocusKeeper />
    </div>
  )
}
