import { createRoute, z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import type { AppEnv } from '../../app-env'
import { createApi } from '../../app-factory'
import { publicOrigin } from '../../public-origin'
import { requireUser } from '../../middleware/require-user'
import { access, errorResponses, jsonContent } from '../../openapi'
import {
  CALENDAR_NOT_FOUND,
  feedCalendar,
  getCalendarFeed,
  playDateCalendar,
  resetCalendarFeed,
} from './play-dates.calendar.service'

const tags = ['play-dates']
const calendarContent = (description: string) => ({
  description,
  content: { 'text/calendar': { schema: z.string() } },
})
const feedOutput = z.object({
  url: z
    .string()
    .nullable()
    .describe('The private feed link to subscribe to; null until the player asks for one'),
})

const origin = (c: Context<AppEnv>) => publicOrigin(c.get('deps').env)
const context = (c: Context<AppEnv>) => ({ productName: c.get('deps').env.PRODUCT_NAME, origin: origin(c) })

const calendarAnswer = (c: Context<AppEnv>, text: string, filename?: string) =>
  c.body(text, 200, {
    'content-type': 'text/calendar; charset=utf-8',
    'cache-control': 'private, no-cache',
    ...(filename ? { 'content-disposition': `attachment; filename="${filename}"` } : {}),
  })

const download = createRoute({
  method: 'get',
  path: '/play-dates/{id}/calendar',
  tags,
  operationId: 'downloadPlayDateCalendar',
  summary: 'One PlayDate as a calendar file (.ics), for its players',
  ...access.user,
  middleware: [requireUser] as const,
  request: { params: z.object({ id: z.uuid({ error: 'PlayDate Not Found' }) }) },
  responses: { 200: calendarContent('The calendar file'), ...errorResponses(400, 401, 403, 404, 409) },
})

const feed = createRoute({
  method: 'get',
  path: '/calendar-feeds/{token}',
  tags,
  operationId: 'readCalendarFeed',
  summary: 'A player’s PlayDates as a calendar to subscribe to; the token in the link is the only key',
  ...access.public,
  request: { params: z.object({ token: z.string().max(100, CALENDAR_NOT_FOUND) }) },
  responses: { 200: calendarContent('The calendar'), ...errorResponses(400, 404) },
})

const readFeed = createRoute({
  method: 'get',
  path: '/calendar-feed',
  tags,
  operationId: 'getCalendarFeed',
  summary: 'The signed-in player’s private calendar feed link, if they made one',
  ...access.user,
  middleware: [requireUser] as const,
  responses: { 200: jsonContent(feedOutput, 'The link'), ...errorResponses(401, 403) },
})

const resetFeed = createRoute({
  method: 'post',
  path: '/calendar-feed',
  tags,
  operationId: 'resetCalendarFeed',
  summary: 'Make the player’s calendar feed link, or a new one: the old link stops working at once',
  ...access.user,
  middleware: [requireUser] as const,
  responses: { 200: jsonContent(feedOutput, 'The new link'), ...errorResponses(401, 403) },
})

export const playDateCalendarRoutes = createApi()
  .openapi(download, async (c) => {
    const id = c.req.valid('param').id
    const text = await playDateCalendar(
      c.get('db'),
      c.get('user').id,
      id,
      context(c),
      c.get('deps').clock.now(),
    )
    return calendarAnswer(c, text, `playdate-${id.slice(0, 8)}.ics`)
  })
  .openapi(feed, async (c) => {
    const text = await feedCalendar(
      c.get('db'),
      c.req.valid('param').token,
      context(c),
      c.get('deps').clock.now(),
    )
    return calendarAnswer(c, text)
  })
  .openapi(readFeed, async (c) =>
    c.json(await getCalendarFeed(c.get('db'), c.get('user').id, origin(c)), 200),
  )
  .openapi(resetFeed, async (c) =>
    c.json(await resetCalendarFeed(c.get('db'), c.get('user').id, origin(c)), 200),
  )
