import type { Context } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { type ErrorCode, errorBody, isAppError } from '../../domain/errors'
import { type AppEnv, requestLog } from '../app-env'
import { isUnstorableText, isUnstorableTime } from '../lib/db-errors'
import { OUTAGE_RETRY_AFTER_SECONDS, outageKind, outageMessages } from '../lib/db-outage'
import { RateLimitedError } from '../lib/rate-limit'

export const statusOf: Record<ErrorCode, ContentfulStatusCode> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  email_not_confirmed: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
}

const refusalLevel: Partial<Record<ErrorCode, 'info' | 'warn'>> = {
  unauthenticated: 'info',
  email_not_confirmed: 'info',
  forbidden: 'warn',
  rate_limited: 'warn',
}

const codeOfStatus = (status: number): ErrorCode => {
  const match = Object.entries(statusOf).find(([, value]) => value === status)
  return match ? (match[0] as ErrorCode) : status >= 500 ? 'internal' : 'invalid'
}

// One place turns every failure into `{ error: { code, message, fields? } }`.
export function handleError(err: Error, c: Context<AppEnv>) {
  if (isAppError(err)) {
    // Security events (ASVS 16.3): every refused authentication, authorization or rate limit.
    const level = refusalLevel[err.code]
    if (level) {
      const event = {
        code: err.code,
        method: c.req.method,
        path: c.req.path,
        userId: c.get('session')?.user.id,
      }
      if (c.get('deps')) requestLog(c)[level](event, 'request refused')
    }
    // Every 429 says when to try again; a refusal without its own window (a stream cap, the
    // model provider's limit) suggests half a minute.
    if (err.code === 'rate_limited') {
      c.header('Retry-After', String(err instanceof RateLimitedError ? err.retryAfterSeconds : 30))
    }
    return c.json(errorBody(err.code, err.message, err.fields), statusOf[err.code])
  }
  if (err instanceof HTTPException) {
    const status = err.status
    const code = codeOfStatus(status)
    const message =
      status === 400 && /JSON/i.test(err.message) ? 'The request body is not valid JSON' : err.message
    return c.json(errorBody(code, message || 'Request refused'), status as ContentfulStatusCode)
  }
  if (isUnstorableText(err)) {
    return c.json(errorBody('invalid', 'Text cannot contain the NUL character'), 400)
  }
  // A time the database cannot hold that a schema let through: the caller's mistake, not ours.
  if (isUnstorableTime(err)) return c.json(errorBody('invalid', 'Invalid time'), 400)
  // The database out of reach, or its disk full: 503, logged once per outage (lib/db-outage.ts).
  const outage = outageKind(err)
  if (outage) {
    c.get('deps')?.status.outages.report(err, outage)
    c.header('Retry-After', String(OUTAGE_RETRY_AFTER_SECONDS))
    return c.json(errorBody('unavailable', outageMessages[outage]), 503)
  }
  if (c.get('deps')) requestLog(c).error({ err }, 'unhandled error')
  return c.json(errorBody('internal', 'Something went wrong. Please try again.'), 500)
}

export function handleNotFound(c: Context<AppEnv>) {
  return c.json(errorBody('not_found', 'Not found'), 404)
}
