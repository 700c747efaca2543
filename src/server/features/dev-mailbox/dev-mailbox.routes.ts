import { getConnInfo } from '@hono/node-server/conninfo'
import { createRoute, z } from '@hono/zod-openapi'
import type { OpenAPIHono } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import { AppError } from '../../../domain/errors'
import type { AppEnv } from '../../app-env'
import { createApi } from '../../app-factory'
import { escapeHtml, listOutbox } from '../../lib/mail'
import { access, errorResponses, jsonContent } from '../../openapi'

// Only mounted where mail cannot leave the machine (no SMTP, not production): see app.ts. Even
// then it shows every confirmation and reset link, so it answers only on the machine the server
// runs on: a caller on a loopback address, not relayed by a proxy (which would make every
// caller look local). A request with no socket at all comes from this process (tests).

export const MAILBOX_NOT_LOCAL = 'The development mailbox opens only on the machine the server runs on'

const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/

export function isLocalCaller(c: Context<AppEnv>) {
  let address: string | undefined
  try {
    address = getConnInfo(c).remote.address
  } catch {
    return true
  }
  if (c.req.header('x-forwarded-for') !== undefined || c.req.header('forwarded') !== undefined) return false
  return LOOPBACK.test(address ?? '') && isLocalHost(c)
}

// A page of another site can point its own name at 127.0.0.1 (DNS rebinding) and read the
// mailbox from the developer's browser: such requests carry that site's name as Host. Only the
// machine's own names, or the configured public address, are answered.
function isLocalHost(c: Context<AppEnv>) {
  const host = c.req.header('host')
  if (host === undefined) return true
  let hostname: string
  try {
    hostname = new URL(`http://${host}`).hostname
  } catch {
    return false
  }
  if (new URL(c.get('deps').env.PUBLIC_URL).hostname === hostname) return true
  return hostname === 'localhost' || hostname === '[::1]' || LOOPBACK.test(hostname)
}

const onlyFromThisMachine = createMiddleware<AppEnv>(async (c, next) => {
  if (!isLocalCaller(c)) throw new AppError('forbidden', MAILBOX_NOT_LOCAL)
  await next()
})

const outboxMessage = z
  .object({
    id: z.string(),
    recipient: z.string(),
    subject: z.string(),
    text: z.string(),
    links: z.array(z.string()),
    // Extra headers the message carries (List-Unsubscribe).
    headers: z.record(z.string(), z.string()),
    createdAt: z.string(),
  })
  .openapi('OutboxMessage')

const listMail = createRoute({
  method: 'get',
  path: '/dev/mail',
  operationId: 'listDevMail',
  tags: ['development'],
  summary: 'Development mailbox: messages kept in the outbox, newest first',
  description:
    'Exists only when no SMTP server is configured and NODE_ENV is not production, and answers only ' +
    'callers on the machine the server runs on (a loopback address, no proxy in between).',
  ...access.public,
  middleware: [onlyFromThisMachine] as const,
  request: { query: z.object({ to: z.string().max(254).optional() }) },
  responses: {
    200: jsonContent(z.array(outboxMessage), 'Messages, newest first'),
    ...errorResponses(400, 403),
  },
})

export const devMailRoutes = createApi().openapi(listMail, async (c) => {
  const rows = await listOutbox(c.get('db'), { to: c.req.valid('query').to })
  return c.json(
    rows.map((row) => ({
      id: row.id,
      recipient: row.recipient,
      subject: row.subject,
      text: row.text,
      links: row.links,
      headers: row.headers,
      createdAt: row.createdAt.toISOString(),
    })),
    200,
  )
})

const page = (body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Development mailbox</title>
<style>
body{font-family:system-ui,sans-serif;margin:0;padding:16px;color:#0f172a;background:#f8fafc;line-height:1.5}
main{max-width:760px;margin:0 auto}h1{font-size:1.5rem}
article{background:#fff;border:1px solid #e2e8f0;border-radius:12px;padding:16px;margin:0 0 16px}
h2{font-size:1.1rem;margin:0 0 4px}p{margin:0 0 8px}pre{white-space:pre-wrap;word-break:break-word;font:inherit;margin:8px 0}
a{color:#15803d;word-break:break-all}a:focus-visible{outline:3px solid #15803d;outline-offset:2px}.meta{color:#475569;font-size:.9rem}
</style></head><body><main>${body}</main></body></html>`

// A plain page listing the outbox with clickable links; no scripts at all.
export function mountDevMailbox(app: OpenAPIHono<AppEnv>) {
  app.get('/dev/mailbox', async (c) => {
    c.header('Cache-Control', 'no-store')
    if (!isLocalCaller(c)) {
      return c.html(page(`<h1>Development mailbox</h1>\n<p>${MAILBOX_NOT_LOCAL}.</p>`), 403)
    }
    const to = c.req.query('to')
    const rows = await listOutbox(c.get('db'), { to: to || undefined })
    const items = rows.map(
      (row) => `<article>
<h2>${escapeHtml(row.subject)}</h2>
<p class="meta">To ${escapeHtml(row.recipient)} · ${escapeHtml(row.createdAt.toISOString())}</p>
${Object.entries(row.headers)
  .map(([name, value]) => `<p class="meta">${escapeHtml(name)}: ${escapeHtml(value)}</p>`)
  .join('')}
<pre>${escapeHtml(row.text)}</pre>
${row.links.map((link) => `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`).join('')}
</article>`,
    )
    return c.html(
      page(
        `<h1>Development mailbox</h1>
<p class="meta">Messages the app would have emailed, newest first. Shown only while no SMTP server is configured.</p>
${items.length ? items.join('\n') : '<p>No messages yet.</p>'}`,
      ),
    )
  })
}
