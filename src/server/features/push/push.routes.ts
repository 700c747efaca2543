import { createRoute, z } from '@hono/zod-openapi'
import { AppError } from '../../../domain/errors'
import {
  PUSH_MESSAGES,
  pushConfig,
  pushSubscriptionInput,
  pushUnsubscribeInput,
} from '../../../domain/push/push.schema'
import { createApi } from '../../app-factory'
import { requireUser } from '../../middleware/require-user'
import { access, errorResponses, jsonBody, jsonContent } from '../../openapi'
import { subscribe, unsubscribe } from './push.service'

const tags = ['push']
const ok = jsonContent(z.object({ ok: z.literal(true) }), 'Done')

const routes = {
  config: createRoute({
    method: 'get',
    path: '/push/config',
    operationId: 'getPushConfig',
    tags,
    summary: 'Whether push is set up on this server, and the key a browser subscribes with',
    ...access.user,
    middleware: [requireUser] as const,
    responses: { 200: jsonContent(pushConfig, 'The push settings'), ...errorResponses(401, 403) },
  }),
  subscribe: createRoute({
    method: 'post',
    path: '/push/subscriptions',
    operationId: 'subscribeToPush',
    tags,
    summary: 'Turn push on for this device (the browser’s push subscription)',
    ...access.user,
    middleware: [requireUser] as const,
    request: { body: jsonBody(pushSubscriptionInput) },
    responses: { 200: ok, ...errorResponses(400, 401, 403, 409) },
  }),
  unsubscribe: createRoute({
    method: 'post',
    path: '/push/subscriptions/remove',
    operationId: 'unsubscribeFromPush',
    tags,
    summary: 'Turn push off for this device',
    ...access.user,
    middleware: [requireUser] as const,
    request: { body: jsonBody(pushUnsubscribeInput) },
    responses: { 200: ok, ...errorResponses(400, 401, 403) },
  }),
}

export const pushRoutes = createApi()
  .openapi(routes.config, (c) => {
    const keys = c.get('deps').vapid
    return c.json({ enabled: Boolean(keys), publicKey: keys?.publicKey ?? null }, 200)
  })
  .openapi(routes.subscribe, async (c) => {
    const keys = c.get('deps').vapid
    if (!keys) throw new AppError('conflict', PUSH_MESSAGES.off)
    await subscribe(c.get('db'), c.get('user').id, c.req.valid('json'), c.get('deps').env.PUSH_TEST_SERVER)
    return c.json({ ok: true as const }, 200)
  })
  .openapi(routes.unsubscribe, async (c) => {
    await unsubscribe(c.get('db'), c.get('user').id, c.req.valid('json').endpoint)
    return c.json({ ok: true as const }, 200)
  })
