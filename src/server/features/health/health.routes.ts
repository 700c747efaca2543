import { createRoute, z } from '@hono/zod-openapi'
import { sql } from 'drizzle-orm'
import { createApi } from '../../app-factory'
import { access, jsonContent } from '../../openapi'

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
          reason: z.enum(['stopping', 'database']).openapi({
            description: 'stopping: the instance is shutting down; database: its database does not answer',
          }),
        })
        .openapi('HealthUnavailable'),
      'The instance is stopping, or its database does not answer',
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
    try {
      await c.get('db').execute(sql`select 1`)
    } catch {
      return c.json({ status: 'unavailable' as const, reason: 'database' as const }, 503)
    }
    return c.json({ status: 'ok' as const, database: database.kind }, 200)
  })
  .openapi(getPing, (c) => c.json({ status: 'ok' as const }, 200))
