import { createHash, randomUUID } from 'node:crypto'
import { createMiddleware } from 'hono/factory'
import { appearanceScript } from '../../domain/appearance'
import type { Env } from '../env'
import type { AppEnv } from '../app-env'

// The headers every response carries: the security headers (ASVS 3.4, 50.2) and the request id.
//
// They are set on the response the app returns, where a header the route set itself wins. Set
// straight on the Node response before the route ran, they cost about 1% less server CPU per
// request on the benchmark's realistic mix: not worth a second path (docs/decisions/0111).

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

export function responseHeaders(headers: ReadonlyArray<readonly [string, string]>) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const sent = c.req.header(REQUEST_ID_HEADER)
    const id = isUsableRequestId(sent) ? sent : randomUUID()
    c.set('requestId', id)
    c.set('commonHeaders', headers)
    await next()
    addResponseHeaders(c.res.headers, headers, id)
  })
}

// Adds the headers every response carries to `target`, where a header the route set itself wins.
// An event stream, written straight to Node's response before this middleware sees it, adds
// them itself (lib/event-stream.ts).
export function addResponseHeaders(
  target: Headers,
  headers: ReadonlyArray<readonly [string, string]>,
  requestId: string,
) {
  for (const [name, value] of headers) if (!target.has(name)) target.set(name, value)
  target.set(REQUEST_ID_HEADER, requestId)
}
