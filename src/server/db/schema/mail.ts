import { sql } from 'drizzle-orm'
import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { createdAt, id } from './columns'

// Every message sent is recorded; without SMTP this table is the development mailbox.
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: id(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    links: text('links').array().notNull().default([]),
    // Extra headers (List-Unsubscribe), by name.
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    // Delivery attempts made, and when the next one is due: set while a message waits to be
    // sent (or is being sent, as a lease), null once it is sent, given up, or when there is no
    // SMTP server to send it to.
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    lastError: text('last_error'),
  },
  (t) => [
    index('mail_outbox_created_idx').on(t.createdAt),
    index('mail_outbox_recipient_idx').on(t.recipient),
    index('mail_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.nextAttemptAt} is not null`),
  ],
)
