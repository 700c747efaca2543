import { createRoute } from '@hono/zod-openapi'
import {
  notificationPreferencesInput,
  notificationPreferencesOutput,
  quietHoursSettings,
} from '../../../domain/notifications/preferences.schema'
import { createApi } from '../../app-factory'
import { requireUser } from '../../middleware/require-user'
import { access, errorResponses, jsonBody, jsonContent } from '../../openapi'
import {
  getPreferences,
  getQuietHours,
  setPreferences,
  setQuietHours,
} from './notification-preferences.service'

const tags = ['notifications']

const read = createRoute({
  method: 'get',
  path: '/notification-preferences',
  tags,
  operationId: 'getNotificationPreferences',
  summary: 'What the signed-in player is told about, in the app, by email and by push, kind by kind',
  ...access.user,
  middleware: [requireUser] as const,
  responses: {
    200: jsonContent(notificationPreferencesOutput, 'Every kind, with its three switches'),
    ...errorResponses(401, 403),
  },
})

const update = createRoute({
  method: 'put',
  path: '/notification-preferences',
  tags,
  operationId: 'setNotificationPreferences',
  summary:
    'Switch kinds of notification on or off, in the app, by email and by push (push left out: unchanged)',
  ...access.user,
  middleware: [requireUser] as const,
  request: { body: jsonBody(notificationPreferencesInput) },
  responses: {
    200: jsonContent(notificationPreferencesOutput, 'Every kind, with its three switches'),
    ...errorResponses(400, 401, 403, 413),
  },
})

const readQuietHours = createRoute({
  method: 'get',
  path: '/notification-preferences/quiet-hours',
  tags,
  operationId: 'getQuietHours',
  summary:
    'When email and push wait for the morning (default 21:00 to 08:00 in the zone of the player’s home state)',
  ...access.user,
  middleware: [requireUser] as const,
  responses: {
    200: jsonContent(quietHoursSettings, 'The quiet hours'),
    ...errorResponses(401, 403),
  },
})

const updateQuietHours = createRoute({
  method: 'put',
  path: '/notification-preferences/quiet-hours',
  tags,
  operationId: 'setQuietHours',
  summary: 'Change the quiet hours, their zone, or turn them off; notices in the app never wait',
  ...access.user,
  middleware: [requireUser] as const,
  request: { body: jsonBody(quietHoursSettings) },
  responses: {
    200: jsonContent(quietHoursSettings, 'The quiet hours'),
    ...errorResponses(400, 401, 403, 413),
  },
})

export const notificationPreferenceRoutes = createApi()
  .openapi(read, async (c) => c.json(await getPreferences(c.get('db'), c.get('user').id), 200))
  .openapi(update, async (c) =>
    c.json(await setPreferences(c.get('db'), c.get('user').id, c.req.valid('json').items), 200),
  )
  .openapi(readQuietHours, async (c) => c.json(await getQuietHours(c.get('db'), c.get('user').id), 200))
  .openapi(updateQuietHours, async (c) =>
    c.json(await setQuietHours(c.get('db'), c.get('user').id, c.req.valid('json')), 200),
  )
