// The landing page, rendered at build time for a signed-out visitor (scripts/build-web.mjs). The
// server sends it inside the root element of `/` to a browser without a session cookie, so the
// page shows before its JavaScript has arrived; the app then renders over it, the same markup
// (docs/decisions/0106-prerendered-landing.md).
import { QueryClientProvider } from '@tanstack/react-query'
import { prerenderToNodeStream } from 'react-dom/static'
import { MemoryRouter } from 'react-router'
import type { PlayDateKind } from '../domain/play-dates/play-date.constants'
import type { SessionOutput, SessionUser } from '../domain/profiles/profile.schema'
import { createQueryClient } from './app/query-client'
import { RenderingShellPlaceholders } from './lib/first-view'
import { AppRoutes, preloadPage } from './app/router'
import { sessionKey } from './features/auth'
import { PlayDateFirstViewKind } from './features/play-dates'

// The kinds of PlayDate (Pay, Earn, Free), for the build to render a PlayDate page's first view of
// each.
export { playDateKinds } from '../domain/play-dates/play-date.constants'

// The markup comes out whole: a Suspense boundary that was not ready, or that React would stream
// in pieces (it splits boundaries over `progressiveChunkSize`), would come as a fallback plus a
// script that swaps the rest in, which the Content Security Policy does not run.
export async function renderSignedOutPage(pathname: string): Promise<string> {
  return renderPage(pathname, null)
}

// A signed-in page's first view, the same for every player: the navigation bar's placeholder, the
// page's header and its loading line (docs/decisions/0118). No player's data is in it: the check
// below fails the build if the placeholder player's name shows. With `playDateKind`, a PlayDate's
// page: its header for a PlayDate of that kind (docs/decisions/0123).
const NO_ONE: SessionUser = {
  id: '00000000-0000-4000-8000-000000000000',
  email: 'placeholder@example.invalid',
  firstName: 'Placeholder-first-name',
  lastName: 'Placeholder-last-name',
  gender: 'female',
  duprRating: null,
  selfRating: 3,
  birthdate: '2000-01-01',
  zipCode: null,
  homeState: null,
  homeRegion: null,
  duprId: null,
  isAdmin: false,
  photoUrl: null,
  createdAt: '2000-01-01T00:00:00.000Z',
  updatedAt: '2000-01-01T00:00:00.000Z',
}

export async function renderSignedInPage(pathname: string, playDateKind?: PlayDateKind): Promise<string> {
  const html = await renderPage(pathname, NO_ONE, playDateKind ?? null)
  if (/Placeholder-|placeholder@/.test(html)) throw new Error(`${pathname}: the first view shows the player`)
  return html
}

async function renderPage(
  pathname: string,
  user: SessionUser | null,
  playDateKind: PlayDateKind | null = null,
): Promise<string> {
  await preloadPage(pathname)
  const queryClient = createQueryClient()
  queryClient.setQueryData<SessionOutput>(sessionKey, { user })
  const { prelude } = await prerenderToNodeStream(
    <RenderingShellPlaceholders value={user !== null}>
      <PlayDateFirstViewKind value={playDateKind}>
        <QueryClientProvider client={queryClient}>
          <MemoryRouter initialEntries={[pathname]}>
            <AppRoutes />
          </MemoryRouter>
        </QueryClientProvider>
      </PlayDateFirstViewKind>
    </RenderingShellPlaceholders>,
    { progressiveChunkSize: Number.MAX_SAFE_INTEGER },
  )
  let html = ''
  for await (const chunk of prelude) html += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString()
  queryClient.clear()
  if (html.includes('<template id="B:')) throw new Error(`${pathname}: part of the page is not ready`)
  return html
}
