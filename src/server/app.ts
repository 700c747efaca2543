import { bodyLimit } from 'hono/body-limit'
import { AppError } from '../domain/errors'
import { PHOTO_MAX_BYTES, photoMessages } from '../domain/players/profile-photo'
import type { AppDeps } from './app-env'
import { describeApi } from './api-document'
import { createApi } from './app-factory'
import { authRoutes, loadSession } from './features/auth'
import { devMailRoutes, mountDevMailbox } from './features/dev-mailbox'
import { connectionRoutes } from './features/connections'
import { docsRoutes } from './features/docs'
import { healthRoutes } from './features/health'
import { teamBuilderRoutes } from './features/team-builder'
import { refereeRoutes } from './features/referee'
import { adminRoutes } from './features/admin'
import {
  playDateCalendarRoutes,
  playDateOfferRoutes,
  playDateHomeRoutes,
  playDateReliabilityRoutes,
  playDateResultRoutes,
  playDateRoutes,
} from './features/play-dates'
import {
  mountEmailUnsubscribe,
  notificationPreferenceRoutes,
  notificationRoutes,
} from './features/notifications'
import { profilePhotoRoutes, profileRoutes, publicProfileRoutes, ratingRoutes } from './features/profiles'
import { realtimeRoutes } from './features/realtime'
import { partnerListRoutes } from './features/partner-lists'
import { groupRoutes, groupSeriesRoutes } from './features/groups'
import { venueRoutes } from './features/venues'
import { pushRoutes } from './features/push'
import { mountWebApp } from './features/web-app'
import { logRequest } from './lib/logger'
import { hasDevMailbox } from './lib/mail'
import { testClockRoutes } from './test-clock'
import { handleError, handleNotFound } from './middleware/handle-errors'
import { responseHeaders, securityHeaders } from './middleware/response-headers'
import { requireSameOrigin } from './middleware/same-origin'

export const MAX_BODY_BYTES = 256 * 1024
// The one write with a larger body: a profile photo, sent as the file itself (decision 0098).
export const PHOTO_UPLOAD_PATH = '/api/profiles/me/photo'
/** The largest body a write to this path may carry. */
export function maxBodyBytesFor(path: string): number {
  return path === PHOTO_UPLOAD_PATH ? PHOTO_MAX_BYTES : MAX_BODY_BYTES
}
// A refusal (401, 403, 413, 429) is often decided before the body is read. Answering while the
// client still sends makes Node close the socket under it, and the client sees a network error
// instead of the answer, so the rest of the body is read and dropped first: up to four times the
// limit (twice for a photo), past which a client sending that much is cut off.
const MAX_DROPPED_BYTES = 4 * MAX_BODY_BYTES
const MAX_DROPPED_PHOTO_BYTES = 2 * PHOTO_MAX_BYTES

async function dropUnreadBody(request: Request, maxDropped: number) {
  const body = request.body
  if (!body || request.bodyUsed || body.locked) return
  const reader = body.getReader()
  try {
    let dropped = 0
    for (;;) {
      const { done, value } = await reader.read()
      if (done) return
      dropped += value.byteLength
      if (dropped > maxDropped) return void (await reader.cancel())
    }
  } catch {
    // The client went away, or the body broke the size limit: nothing left to answer early.
  }
}

export function createApp(deps: AppDeps) {
  const app = createApi()

  app.use(responseHeaders(securityHeaders(deps.env)))
  app.use(async (c, next) => {
    c.set('deps', deps)
    c.set('db', deps.database.db)
    const started = performance.now()
    await next()
    if (c.req.path.startsWith('/api/')) {
      // The answer's Date by the app's clock, the one its rules read (a moved test clock too), so
      // the browser learns the server's time from it (web/lib/server-clock.ts, docs/decisions/0227).
      c.res.headers.set('date', deps.clock.now().toUTCString())
      logRequest(deps.logger, {
        requestId: c.get('requestId'),
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round(performance.now() - started),
      })
    }
  })
  const limitBody = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: () => {
      throw new AppError('payload_too_large', 'The request body is too large')
    },
  })
  const limitPhotoBody = bodyLimit({
    maxSize: PHOTO_MAX_BYTES,
    onError: () => {
      throw new AppError('payload_too_large', photoMessages.tooBig)
    },
  })
  // Every API call: a write has its body size capped and its origin checked, then the session
  // cookie is resolved. GET and HEAD carry no body (asking for one would build a full web Request
  // for every read) and are same-origin safe, so a read goes straight to the session. One step
  // of the chain instead of three: each step costs every request a dispatch and a promise.
  app.use('/api/*', (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return loadSession(c, next)
    const isPhoto = c.req.path === PHOTO_UPLOAD_PATH
    return (isPhoto ? limitPhotoBody : limitBody)(c, async () => {
      await requireSameOrigin(c, async () => {
        await loadSession(c, next)
      })
    }).finally(() => dropUnreadBody(c.req.raw, isPhoto ? MAX_DROPPED_PHOTO_BYTES : MAX_DROPPED_BYTES))
  })

  app.route('/api', healthRoutes)
  app.route('/api', docsRoutes)
  // Before playDateRoutes: /play-dates/results.csv must not read as the PlayDate 'results.csv'.
  app.route('/api', playDateResultRoutes)
  app.route('/api', playDateHomeRoutes)
  app.route('/api', playDateReliabilityRoutes)
  app.route('/api', playDateOfferRoutes)
  app.route('/api', playDateRoutes)
  app.route('/api', adminRoutes)
  app.route('/api', teamBuilderRoutes)
  app.route('/api', refereeRoutes)
  app.route('/api', authRoutes)
  app.route('/api', profileRoutes)
  app.route('/api', profilePhotoRoutes)
  app.route('/api', partnerListRoutes)
  app.route('/api', groupRoutes)
  app.route('/api', groupSeriesRoutes)
  app.route('/api', ratingRoutes)
  // After profileRoutes: /profiles/me must reach the own-profile routes, not /profiles/{id}.
  app.route('/api', publicProfileRoutes)
  app.route('/api', connectionRoutes)
  app.route('/api', notificationRoutes)
  app.route('/api', realtimeRoutes)
  app.route('/api', venueRoutes)
  app.route('/api', playDateCalendarRoutes)
  app.route('/api', notificationPreferenceRoutes)
  app.route('/api', pushRoutes)
  if (deps.env.TEST_CLOCK) app.route('/api', testClockRoutes)
  if (hasDevMailbox(deps.env)) {
    app.route('/api', devMailRoutes)
    mountDevMailbox(app)
  }

  // Built on first request, once every route is registered.
  let document: ReturnType<typeof describeApi> | undefined
  app.get('/api/openapi.json', (c) => c.json((document ??= describeApi(app, deps.env))))

  app.all('/api/*', handleNotFound)
  mountEmailUnsubscribe(app)
  mountWebApp(app, deps)
  app.onError(handleError)
  app.notFound(handleNotFound)
  return app
}

export type App = ReturnType<typeof createApp>
