import { createRoute, z } from '@hono/zod-openapi'
import { createApi } from '../../app-factory'
import { access, jsonContent } from '../../openapi'
import { outageKind } from '../../lib/db-outage'
import { HEALTH_WRITE_SQL } from '../../lib/health-write'

// Longer than any check takes when the database answers; a balancer's probe waits about 5 s.
const HEALTH_TIMEOUT_MS = 3_000

const withTimeout = <T>(work: Promise<T>, ms: number) => {
  let timer: ReturnType<typeof setTimeout> | undefined
  return Promise.race([
    work,
    new Promise<never>((_, reject) => {
      timer = setTimeout(
        () =>
          reject(
            Object.assign(new Error(`The database did not answer within ${ms} ms`), { code: 'ETIMEDOUT' }),
          ),
        ms,
      )
    }),
  ]).finally(() => clearTimeout(timer))
}

const healthOutput = z
  .object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) })
  .openapi('Health')

const getHealth = createRoute({
  method: 'get',
  path: '/health',
  operationId: 'getHealth',
  tags: ['health'],
  summary: 'Liveness and database readiness',
  ...access.public,
  responses: {
    200: jsonContent(healthOutput, 'The server is up and its database answers'),
    503: jsonContent(
      z
        .object({
          status: z.literal('unavailable'),
          reason: z.enum(['stopping', 'database', 'writes']).openapi({
            description:
              'stopping: the instance is shutting down; database: its database does not answer; writes: it answers but a write failed (a full disk)',
          }),
        })
        .openapi('HealthUnavailable'),
      'The instance is stopping, its database does not answer, or writes fail',
    ),
  },
})

// Liveness without the database: a load balancer's probe, and the benchmark's measure of what
// the HTTP stack itself costs.
const getPing = createRoute({
  method: 'get',
  path: '/ping',
  operationId: 'ping',
  tags: ['health'],
  summary: 'Liveness of the server process alone (no database)',
  ...access.public,
  responses: { 200: jsonContent(z.object({ status: z.literal('ok') }).openapi('Ping'), 'The server is up') },
})

export const healthRoutes = createApi()
  .openapi(getHealth, async (c) => {
    const { status, database } = c.get('deps')
    // From SIGTERM on: a load balancer stops sending here while the requests under way finish.
    if (status.stopping) return c.json({ status: 'unavailable' as const, reason: 'stopping' as const }, 503)
    // A write, not only a read: a full disk answered reads and failed every write. Bounded, so
    // that a database cut off answers 503 here rather than a probe that hangs.
    const unavailable = (reason: 'database' | 'writes') =>
      c.json({ status: 'unavailable' as const, reason }, 503)
    try {
      await withTimeout(c.get('db').execute(HEALTH_WRITE_SQL), HEALTH_TIMEOUT_MS)
    } catch (error) {
      const kind = outageKind(error)
      if (kind) status.outages.report(error, kind)
      return unavailable(kind === 'storage' ? 'writes' : 'database')
    }
    if (status.outages.current?.kind === 'storage') return unavailable('writes')
    return c.json({ status: 'ok' as const, database: database.kind }, 200)
  })
  .openapi(getPing, (c) => c.json({ status: 'ok' as const }, 200))
