import { Hono } from 'hono'
import { z } from 'zod'
import type { AppEnv } from './app-env'
import { runDueJobs } from './lib/jobs'
import { isAdjustable } from './lib/clock'
import { jobHandlers } from './jobs'

// A server started with TEST_CLOCK (never in production: env.ts refuses it) lets browser
// journeys move its clock, as route tests move theirs, instead of waiting: "the reminder
// arrives when the clock passes 24 h before". Moving it runs the jobs that became due. Not part
// of the API: it is not in the OpenAPI document.
const moveInput = z.union([
  z.object({ advanceMinutes: z.number().int().min(-525_600).max(525_600) }),
  z.object({ at: z.iso.datetime({ offset: true }) }),
])

export const testClockRoutes = new Hono<AppEnv>().post('/test/clock', async (c) => {
  const deps = c.get('deps')
  const clock = deps.clock
  if (!isAdjustable(clock)) return c.json({ error: { code: 'not_found', message: 'Not Found' } }, 404)
  const parsed = moveInput.safeParse(await c.req.json().catch(() => null))
  if (!parsed.success) {
    return c.json({ error: { code: 'invalid_input', message: 'Send advanceMinutes or at' } }, 400)
  }
  if ('advanceMinutes' in parsed.data) clock.advance(parsed.data.advanceMinutes * 60_000)
  else clock.set(new Date(parsed.data.at))
  const jobsRun = await runDueJobs(deps.database.db, jobHandlers(deps), clock.now())
  return c.json({ now: clock.now().toISOString(), jobsRun })
})
