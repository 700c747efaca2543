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
      z.object({ status: z.literal('unavailable') }).openapi('HealthUnavailable'),
      'The database does not answer',
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
    try {
      await c.get('db').execute(sql`select 1`)
    } catch {
      return c.json({ status: 'unavailable' as const }, 503)
    }
    return c.json({ status: 'ok' as const, database: c.get('deps').database.kind }, 200)
  })
  .openapi(getPing, (c) => c.json({ status: 'ok' as const }, 200))
