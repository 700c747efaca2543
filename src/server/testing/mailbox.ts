import { asc, desc, inArray } from 'drizzle-orm'
import { expect } from 'vitest'
import { mailOutbox } from '../db/schema'
import { TEST_ORIGIN, type TestApp } from './test-app'

// The outbox of a test app, or of one database of several instances.
type Outbox = Pick<TestApp, 'db'>

// The emails sent to an address, or to any of several, newest first unless asked otherwise.
export const mailTo = (
  t: Outbox,
  to: string | string[],
  order: 'newest first' | 'oldest first' = 'newest first',
) =>
  t.db
    .select()
    .from(mailOutbox)
    .where(
      inArray(
        mailOutbox.recipient,
        [to].flat().map((email) => email.trim().toLowerCase()),
      ),
    )
    .orderBy(order === 'newest first' ? desc(mailOutbox.createdAt) : asc(mailOutbox.createdAt))

// The newest link to that page sent to the address, and the token it carries.
export async function linkSentTo(t: Outbox, email: string, path: string) {
  const link = (await mailTo(t, email, 'oldest first'))
    .flatMap((m) => m.links)
    .findLast((l) => l.includes(path))
  if (!link) throw new Error(`no ${path} link was sent to ${email}`)
  const url = new URL(link)
  return { url, token: url.searchParams.get('token')! }
}

// The email's button, in both parts: its label and the screen it opens, at the public origin.
export function expectEmailButton(mail: { text: string; html: string }, label: string, path: string) {
  expect(mail.text).toContain(`${label}: ${TEST_ORIGIN}${path}`)
  expect(mail.html).toContain(label)
  expect(mail.html).toContain(`href="${TEST_ORIGIN}${path.replaceAll('&', '&amp;')}"`)
}
