import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
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
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('mail_outbox_created_idx').on(t.createdAt),
    index('mail_outbox_recipient_idx').on(t.recipient),
  ],
)
