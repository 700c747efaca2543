import { createRoute } from '@hono/zod-openapi'
import {
  notificationPreferencesInput,
  notificationPreferencesOutput,
} from '../../../domain/notifications/preferences.schema'
import { createApi } from '../../app-factory'
import { requireUser } from '../../middleware/require-user'
import { access, errorResponses, jsonBody, jsonContent } from '../../openapi'
import { getPreferences, setPreferences } from './notification-preferences.service'

const tags = ['notifications']

const read = createRoute({
  method: 'get',
  path: '/notification-preferences',
  tags,
  operationId: 'getNotificationPreferences',
  summary: 'What the signed-in player is told about, in the app and by email, kind by kind',
  ...access.user,
  middleware: [requireUser] as const,
  responses: {
    200: jsonContent(notificationPreferencesOutput, 'Every kind, with its two switches'),
    ...errorResponses(401, 403),
  },
})

const update = createRoute({
  method: 'put',
  path: '/notification-preferences',
  tags,
  operationId: 'setNotificationPreferences',
  summary: 'Switch kinds of notification on or off, in the app and by email',
  ...access.user,
  middleware: [requireUser] as const,
  request: { body: jsonBody(notificationPreferencesInput) },
  responses: {
    200: jsonContent(notificationPreferencesOutput, 'Every kind, with its two switches'),
    ...errorResponses(400, 401, 403, 413),
  },
})

export const notificationPreferenceRoutes = createApi()
  .openapi(read, async (c) => c.json(await getPreferences(c.get('db'), c.get('user').id), 200))
  .openapi(update, async (c) =>
    c.json(await setPreferences(c.get('db'), c.get('user').id, c.req.valid('json').items), 200),
  )
