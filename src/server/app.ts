import { bodyLimit } from 'hono/body-limit'
import { AppError } from '../domain/errors'
import type { AppDeps } from './app-env'
import { describeApi } from './api-document'
import { createApi } from './app-factory'
import { authRoutes } from './features/auth/auth.routes'
import { devMailRoutes, mountDevMailbox } from './features/dev-mailbox/dev-mailbox.routes'
import { connectionRoutes } from './features/connections/connections.routes'
import { docsRoutes } from './features/docs/docs.routes'
import { healthRoutes } from './features/health/health.routes'
import { teamBuilderRoutes } from './features/team-builder/team-builder.routes'
import { refereeRoutes } from './features/referee/referee.routes'
import { profileRoutes } from './features/profiles/profiles.routes'
import { adminRoutes } from './features/admin/admin.routes'
import { playDateRoutes } from './features/play-dates/play-dates.routes'
import { notificationRoutes } from './features/notifications/notifications.routes'
import { publicProfileRoutes } from './features/profiles/public-profile.routes'
import { ratingRoutes } from './features/profiles/ratings.routes'
import { realtimeRoutes } from './features/realtime/realtime.routes'
import { partnerListRoutes } from './features/partner-lists/partner-lists.routes'
import { mountWebApp } from './features/web-app/web-app.routes'
import { logRequest } from './lib/logger'
import { hasDevMailbox } from './lib/mail'
import { handleError, handleNotFound } from './middleware/handle-errors'
import { responseHeaders, securityHeaders } from './middleware/response-headers'
import { requireSameOrigin } from './middleware/same-origin'
import { loadSession } from './middleware/session'

export const MAX_BODY_BYTES = 256 * 1024

export function createApp(deps: AppDeps) {
  const app = createApi()

  app.use(responseHeaders(securityHeaders(deps.env)))
  app.use(async (c, next) => {
    c.set('deps', deps)
    c.set('db', deps.database.db)
    const started = performance.now()
    await next()
    if (c.req.path.startsWith('/api/')) {
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
  // Every API call: a write has its body size capped and its origin checked, then the session
  // cookie is resolved. GET and HEAD carry no body (asking for one would build a full web Request
  // for every read) and are same-origin safe, so a read goes straight to the session. One step
  // of the chain instead of three: each step costs every request a dispatch and a promise.
  app.use('/api/*', (c, next) =>
    c.req.method === 'GET' || c.req.method === 'HEAD'
      ? loadSession(c, next)
      : limitBody(c, async () => {
          await requireSameOrigin(c, async () => {
            await loadSession(c, next)
          })
        }),
  )

  app.route('/api', healthRoutes)
  app.route('/api', docsRoutes)
  app.route('/api', playDateRoutes)
  app.route('/api', adminRoutes)
  app.route('/api', teamBuilderRoutes)
  app.route('/api', refereeRoutes)
  app.route('/api', authRoutes)
  app.route('/api', profileRoutes)
  app.route('/api', partnerListRoutes)
  app.route('/api', ratingRoutes)
  // After profileRoutes: /profiles/me must reach the own-profile routes, not /profiles/{id}.
  app.route('/api', publicProfileRoutes)
  app.route('/api', connectionRoutes)
  app.route('/api', notificationRoutes)
  app.route('/api', realtimeRoutes)
  if (hasDevMailbox(deps.env)) {
    app.route('/api', devMailRoutes)
    mountDevMailbox(app)
  }

  // Built on first request, once every route is registered.
  let document: ReturnType<typeof describeApi> | undefined
  app.get('/api/openapi.json', (c) => c.json((document ??= describeApi(app, deps.env))))

  app.all('/api/*', handleNotFound)
  mountWebApp(app, deps)
  app.onError(handleError)
  app.notFound(handleNotFound)
  return app
}

export type App = ReturnType<typeof createApp>
