import { getConnInfo } from '@hono/node-server/conninfo'
import type { Context } from 'hono'
import type { AppEnv } from '../app-env'

// The caller's address. Behind a trusted proxy (TRUST_PROXY) it is the last X-Forwarded-For
// hop: the address the proxy itself saw. The hops before it are whatever the caller chose to
// send, since proxies add to the header rather than replace it; trusting the first one let a
// script pick a new address, and a new rate-limit bucket, on every request. Else the socket's.
// Requests that carry neither (in-process tests) share one bucket.
export function clientIp(c: Context<AppEnv>): string {
  if (c.get('deps').env.TRUST_PROXY) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',').at(-1)?.trim()
    if (forwarded) return forwarded
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown'
  } catch {
    return 'unknown'
  }
}
