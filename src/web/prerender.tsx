// The landing page, rendered at build time for a signed-out visitor (scripts/build-web.mjs). The
// server sends it inside the root element of `/` to a browser without a session cookie, so the
// page shows before its JavaScript has arrived; the app then renders over it, the same markup
// (docs/decisions/0106-prerendered-landing.md).
import { QueryClientProvider } from '@tanstack/react-query'
import { prerenderToNodeStream } from 'react-dom/static'
import { MemoryRouter } from 'react-router'
import type { SessionOutput } from '../domain/profiles/profile.schema'
import { createQueryClient } from './app/query-client'
import { AppRoutes, preloadPage } from './app/router'
import { sessionKey } from './features/auth'

// The markup comes out whole: a Suspense boundary that was not ready, or that React would stream
// in pieces (it splits boundaries over `progressiveChunkSize`), would come as a fallback plus a
// script that swaps the rest in, which the Content Security Policy does not run.
export async function renderSignedOutPage(pathname: string): Promise<string> {
  await preloadPage(pathname)
  const queryClient = createQueryClient()
  queryClient.setQueryData<SessionOutput>(sessionKey, { user: null })
  const { prelude } = await prerenderToNodeStream(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[pathname]}>
        <AppRoutes />
      </MemoryRouter>
    </QueryClientProvider>,
    { progressiveChunkSize: Number.MAX_SAFE_INTEGER },
  )
  let html = ''
  for await (const chunk of prelude) html += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString()
  queryClient.clear()
  if (html.includes('<template id="B:')) throw new Error(`${pathname}: part of the page is not ready`)
  return html
}
