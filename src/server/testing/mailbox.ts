import { desc, eq } from 'drizzle-orm'
import { expect } from 'vitest'
import { mailOutbox } from '../db/schema'
import { TEST_ORIGIN, type TestApp } from './test-app'

// The emails sent to an address, newest first.
export const mailTo = (t: TestApp, email: string) =>
  t.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, email)).orderBy(desc(mailOutbox.createdAt))

// The email's button, in both parts: its label and the screen it opens, at the public origin.
export function expectEmailButton(mail: { text: string; html: string }, label: string, path: string) {
  expect(mail.text).toContain(`${label}: ${TEST_ORIGIN}${path}`)
  expect(mail.html).toContain(label)
  expect(mail.html).toContain(`href="${TEST_ORIGIN}${path.replaceAll('&', '&amp;')}"`)
}
