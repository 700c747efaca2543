import { sql } from 'drizzle-orm'
import type { Context } from 'hono'
import { AppError } from '../../domain/errors'
import { RATE_LIMITED_MESSAGE } from '../../domain/auth/auth.schema'
import type { AppEnv } from '../app-env'
import { type DbOrTx, rowsOf } from '../db/client'
import { statementOf } from '../db/prepared'

export interface RateLimit {
  // A name for the counter family, e.g. 'sign-in:ip'.
  name: string
  limit: number
  windowSeconds: number
  // The refusal's wording where the product has its own for this limit.
  message?: string
}

export class RateLimitedError extends AppError {
  readonly retryAfterSeconds: number
  constructor(retryAfterSeconds: number, message = RATE_LIMITED_MESSAGE) {
    super('rate_limited', message)
    this.retryAfterSeconds = retryAfterSeconds
  }
}

// Fixed-window counter in the rate_limits table, so every server instance on the same database
// shares it. One statement both starts a new window and counts within the current one.
export async function hit(db: DbOrTx, key: string, windowSeconds: number) {
  const result = await db.prepared('rate_limit_hit', buildHit).execute({ key, windowSeconds })
  const [row] = rowsOf<{ count: number; retry_after: number }>(result)
  return {
    count: Number(row?.count ?? 1),
    retryAfterSeconds: Math.max(1, Number(row?.retry_after ?? windowSeconds)),
  }
}

// Counted on every write a player makes: prepared once, not built each time.
const buildHit = (db: DbOrTx) =>
  statementOf(
    db,
    sql`
    insert into rate_limits (key, count, window_ends_at)
    values (${sql.placeholder('key')}, 1, now() + make_interval(secs => ${sql.placeholder('windowSeconds')}::int))
    on conflict (key) do update set
      count = case when rate_limits.window_ends_at <= now() then 1 else rate_limits.count + 1 end,
      window_ends_at = case
        when rate_limits.window_ends_at <= now() then excluded.window_ends_at
        else rate_limits.window_ends_at
      end
    returning count, ceil(extract(epoch from (window_ends_at - now())))::int as retry_after
  `,
  )

// Takes back one count of the current window: an attempt counted before it was known to be a
// failure, that was not one (a sign-in with the right password).
// A count of 1 goes with its row (counts are positive).
export async function giveBack(db: DbOrTx, key: string) {
  await db.execute(sql`
    with last as (delete from rate_limits where key = ${key} and count <= 1 returning key)
    update rate_limits set count = count - 1
    where key = ${key} and count > 1 and window_ends_at > now()
  `)
}

// Counts one attempt against each limit; throws 429 when any is exceeded. `factor` scales every
// limit (0 turns them off). Counters of past windows are deleted by the maintenance loop.
export async function enforceRateLimits(
  db: DbOrTx,
  checks: Array<{ rule: RateLimit; subject: string }>,
  factor = 1,
) {
  if (factor === 0) return
  let exceeded: number | undefined
  let message: string | undefined
  for (const { rule, subject } of checks) {
    const { count, retryAfterSeconds } = await hit(db, `${rule.name}:${subject}`, rule.windowSeconds)
    if (count > Math.max(1, Math.round(rule.limit * factor))) {
      exceeded = Math.max(exceeded ?? 0, retryAfterSeconds)
      message ??= rule.message
    }
  }
  if (exceeded !== undefined) throw new RateLimitedError(exceeded, message)
}

// For routes: counts the attempt and, when refused, tells the client when to try again.
export async function limitRequest(c: Context<AppEnv>, checks: Array<{ rule: RateLimit; subject: string }>) {
  try {
    await enforceRateLimits(c.get('db'), checks, c.get('deps').env.RATE_LIMIT_FACTOR)
  } catch (error) {
    if (error instanceof RateLimitedError) c.header('Retry-After', String(error.retryAfterSeconds))
    throw error
  }
}
