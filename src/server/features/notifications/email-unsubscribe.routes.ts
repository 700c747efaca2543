import type { OpenAPIHono } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { notificationKindEmailName } from '../../../domain/notifications/preferences.schema'
import type { AppEnv } from '../../app-env'
import { escapeHtml } from '../../lib/mail'
import { turnEmailOff } from './notification-preferences.service'
import { NOTIFICATION_SETTINGS_PATH, readUnsubscribeToken, UNSUBSCRIBE_PATH } from './notifications.email'

// The link at the foot of every notice email, and its List-Unsubscribe header: one click turns
// that kind of email off for the player the signed token names, with no sign-in (the click comes
// from a mail app, or a mail app's own POST, RFC 8058: `List-Unsubscribe=One-Click`). Turning it
// off twice is the same as once; the player turns it back on in Profile Settings. Outside /api:
// a mail app's POST comes from no page of ours, so it carries no Origin the API would accept.

const page = (productName: string, heading: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(heading)} | ${escapeHtml(productName)}</title></head>
<body style="font-family:system-ui,sans-serif;color:#0f172a;line-height:1.5"><main style="max-width:520px;margin:0 auto;padding:24px">
<p style="font-weight:700;color:#15803d">${escapeHtml(productName)}</p>
<h1 style="font-size:1.4rem">${escapeHtml(heading)}</h1>
${body}
</main></body></html>`

async function unsubscribe(c: Context<AppEnv>) {
  const { env, refereeKey } = c.get('deps')
  c.header('Cache-Control', 'no-store')
  const token = c.req.query('token') ?? ''
  const named = token.length <= 500 ? readUnsubscribeToken(refereeKey, token) : null
  if (!named) {
    return c.html(
      page(
        env.PRODUCT_NAME,
        'This link does not work',
        `<p>It may have been cut short by your mail app. You can choose your emails in <a href="${NOTIFICATION_SETTINGS_PATH}">your notification settings</a>.</p>`,
      ),
      400,
    )
  }
  await turnEmailOff(c.get('db'), named.userId, named.kind)
  const name = notificationKindEmailName[named.kind]
  const heading = `${name[0]!.toUpperCase()}${name.slice(1)} emails are off`
  return c.html(
    page(
      env.PRODUCT_NAME,
      heading,
      `<p>You will not get ${escapeHtml(name)} emails any more. You still see them in the app.</p>
<p><a href="${NOTIFICATION_SETTINGS_PATH}">Notification settings</a></p>`,
    ),
    200,
  )
}

export function mountEmailUnsubscribe(app: OpenAPIHono<AppEnv>) {
  app.get(UNSUBSCRIBE_PATH, unsubscribe)
  app.post(UNSUBSCRIBE_PATH, unsubscribe)
}
