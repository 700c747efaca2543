import { createMiddleware } from 'hono/factory'
import { AppError } from '../../domain/errors'
import type { AppEnv } from '../app-env'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

// Cookie sessions need CSRF protection: a state-changing request must come from the app's
// own origin (the Origin header, else Sec-Fetch-Site), never from another site.
export const requireSameOrigin = createMiddleware<AppEnv>(async (c, next) => {
  if (SAFE_METHODS.has(c.req.method)) return next()
  const origin = c.req.header('origin')
  const allowed = new Set([new URL(c.req.url).origin])
  allowed.add(new URL(c.get('deps').env.PUBLIC_URL).origin)
  const host = c.req.header('host')
  if (host) {
    allowed.add(`http://${host}`)
    allowed.add(`https://${host}`)
  }
  if (origin ? allowed.has(origin) : c.req.header('sec-fetch-site') === 'same-origin') return next()
  throw new AppError('forbidden', 'Cross-site request refused')
})
