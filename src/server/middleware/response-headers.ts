import { createHash, randomUUID } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { createMiddleware } from 'hono/factory'
import { appearanceScript } from '../../domain/appearance'
import type { Env } from '../env'
import type { AppEnv } from '../app-env'

// The headers every response carries: the security headers (ASVS 3.4, 50.2) and the request id.
//
// They are the same on every response, so under @hono/node-server they are set straight on the
// Node response before the route runs (a header the route sets itself wins). Set through Hono
// they went through web `Headers` on every request, and a response with web `Headers` takes the
// adapter's slow path: together more CPU than the rest of the framework's work on a small answer
// (docs/decisions/0040-performance-at-scale.md). Without a Node response (the app called in
// process, as the route tests do) the same headers are set on the response the app returns.

// The one inline script, which sets the light or dark theme before the first paint
// (docs/decisions/0099-dark-mode.md), is allowed by its hash: any other inline script is not.
export const appearanceScriptSource = `'sha256-${createHash('sha256').update(appearanceScript).digest('base64')}'`

export function securityHeaders(env: Pick<Env, 'NODE_ENV'>): ReadonlyArray<readonly [string, string]> {
  const contentSecurityPolicy = [
    "default-src 'self'",
    `script-src 'self' ${appearanceScriptSource}`,
    // Style attributes and runtime-inserted styles of the toast and docs libraries.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "font-src 'self'",
    "object-src 'none'",
    // ASVS 3.4.3: no <base> element may change where relative URLs point.
    "base-uri 'none'",
    "form-action 'self'",
    // The one framing rule (X-Frame-Options is not sent: current guidance prefers this one).
    "frame-ancestors 'none'",
  ].join('; ')
  return [
    ['content-security-policy', contentSecurityPolicy],
    ['cross-origin-opener-policy', 'same-origin'],
    ['cross-origin-resource-policy', 'same-origin'],
    ['origin-agent-cluster', '?1'],
    ['referrer-policy', 'strict-origin-when-cross-origin'],
    ...(env.NODE_ENV === 'production'
      ? [['strict-transport-security', 'max-age=31536000; includeSubDomains'] as const]
      : []),
    ['x-content-type-options', 'nosniff'],
    ['x-dns-prefetch-control', 'off'],
    ['x-download-options', 'noopen'],
    ['x-permitted-cross-domain-policies', 'none'],
    ['x-xss-protection', '0'],
  ]
}

const REQUEST_ID_HEADER = 'x-request-id'
// A request id the client sent is kept when it is short and plain (a proxy's id, for one).
const isUsableRequestId = (value: string | undefined): value is string =>
  value !== undefined && value.length > 0 && value.length <= 255 && !/[^\w\-=]/.test(value)

interface NodeBindings {
  incoming?: IncomingMessage
  outgoing?: ServerResponse
}

// `direct: false` takes the in-process path under Node too: for benchmark comparisons
// (SERVER_OPTIMIZATIONS_OFF=header-bypass).
export function responseHeaders(
  headers: ReadonlyArray<readonly [string, string]>,
  { direct = true }: { direct?: boolean } = {},
) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const { incoming, outgoing } = (c.env ?? {}) as NodeBindings
    if (direct && outgoing && incoming) {
      const sent = incoming.headers[REQUEST_ID_HEADER]
      const id = typeof sent === 'string' && isUsableRequestId(sent) ? sent : randomUUID()
      c.set('requestId', id)
      for (const [name, value] of headers) outgoing.setHeader(name, value)
      outgoing.setHeader(REQUEST_ID_HEADER, id)
      return next()
    }
    const sent = c.req.header(REQUEST_ID_HEADER)
    const id = isUsableRequestId(sent) ? sent : randomUUID()
    c.set('requestId', id)
    await next()
    for (const [name, value] of headers) if (!c.res.headers.has(name)) c.res.headers.set(name, value)
    c.res.headers.set(REQUEST_ID_HEADER, id)
  })
}
