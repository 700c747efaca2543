import { desc, eq, sql } from 'drizzle-orm'
import nodemailer from 'nodemailer'
import { type BeforeCommitBatch, type Db, type DbOrTx, rowsOf } from '../db/client'
import { mailOutbox } from '../db/schema'
import type { Env } from '../env'
import type { Logger } from './logger'

export interface MailMessage {
  to: string
  subject: string
  text: string
  html: string
  // Absolute links in the message, kept for the development mailbox and the log.
  links: string[]
  // Extra headers by name (List-Unsubscribe, List-Unsubscribe-Post).
  headers?: Record<string, string>
}

export interface Mailer {
  // True when messages leave the machine (SMTP); false when they stay in the outbox.
  readonly delivers: boolean
  // Resolves once the message is in the outbox. Delivery goes on in the background, so an
  // answer never waits for (or reveals anything by the timing of) the mail server. Given a
  // transaction (`into`), the message is written in it, with the others it sends, just before it
  // commits, and sent once it has: a job's reminder is in the outbox exactly when the job is
  // done.
  send(message: MailMessage, into?: DbOrTx): Promise<{ delivered: Promise<void> }>
  // Tries again the messages whose next attempt is due (a mail server that was down, an
  // instance that stopped while sending); resolves to how many were tried.
  retryDue(limit?: number): Promise<number>
}

interface Transport {
  sendMail(message: {
    from: string
    to: string
    subject: string
    text: string
    html: string
    headers?: Record<string, string>
  }): Promise<unknown>
}

// Attempts per message: the first, then again after 1, 2, 4, 8 and 16 minutes (about half an
// hour in all), long enough for a mail server's restart or a short outage.
export const MAIL_MAX_ATTEMPTS = 6
export const mailRetryDelayMs = (attemptsMade: number) => 2 ** Math.max(0, attemptsMade - 1) * 60_000
// Each send gives up soon on a mail server that does not answer (nodemailer's own defaults wait
// 2 minutes to connect and 10 on a silent connection); the message is tried again later. No
// transaction or connection is held while it is sent: the outbox row is written (and, in a
// transaction, committed) first, and the outcome is recorded by a statement of its own.
export const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 }
// While one instance sends a message, no other picks it up; if the sender stops before it
// records the outcome, the message is tried again once the lease is over. Far longer than a send
// can take with those timeouts, so a slow mail server never gets the same message from two
// instances.
export const MAIL_SENDING_LEASE_MS = 5 * 60_000

type OutboxRow = typeof mailOutbox.$inferSelect
type Pending = Pick<OutboxRow, 'id' | 'recipient' | 'subject' | 'text' | 'html' | 'headers' | 'attempts'>
const pendingColumns = {
  id: mailOutbox.id,
  recipient: mailOutbox.recipient,
  subject: mailOutbox.subject,
  text: mailOutbox.text,
  html: mailOutbox.html,
  headers: mailOutbox.headers,
  attempts: mailOutbox.attempts,
}

const inMs = (ms: number) => sql`now() + make_interval(secs => ${ms / 1000})`

// Every message is recorded in mail_outbox. With SMTP it is then sent and stamped sent_at; a
// failed attempt is tried again later (`retryDue`, run by the maintenance loop). Without SMTP
// the outbox is the mailbox and the links are printed in the server log.
export function createMailer(options: {
  db: Db
  env: Pick<Env, 'SMTP_URL' | 'MAIL_FROM'>
  logger: Logger
  transport?: Transport
}): Mailer {
  const { db, env, logger } = options
  const transport: Transport | undefined =
    options.transport ??
    (env.SMTP_URL ? nodemailer.createTransport({ url: env.SMTP_URL, ...SMTP_TIMEOUTS }) : undefined)

  const attempt = async (transport: Transport, row: Pending) => {
    const attempts = row.attempts + 1
    try {
      await transport.sendMail({
        from: env.MAIL_FROM,
        to: row.recipient,
        subject: row.subject,
        text: row.text,
        html: row.html,
        ...(row.headers && Object.keys(row.headers).length > 0 ? { headers: row.headers } : {}),
      })
    } catch (err) {
      const givingUp = attempts >= MAIL_MAX_ATTEMPTS
      const fields = { err, to: row.recipient, subject: row.subject, attempts }
      if (givingUp) logger.error(fields, 'mail delivery failed; giving up')
      else logger.warn(fields, 'mail delivery failed; will try again')
      await db
        .update(mailOutbox)
        .set({
          attempts,
          nextAttemptAt: givingUp ? null : inMs(mailRetryDelayMs(attempts)),
          lastError: (err instanceof Error ? err.message : String(err)).slice(0, 500),
        })
        .where(eq(mailOutbox.id, row.id))
        .catch((error: unknown) => logger.error({ err: error }, 'could not record a failed delivery'))
      return
    }
    await db
      .update(mailOutbox)
      .set({ sentAt: sql`now()`, attempts, nextAttemptAt: null, lastError: null })
      .where(eq(mailOutbox.id, row.id))
      .catch((error: unknown) => logger.error({ err: error }, 'could not record a delivery'))
  }

  const rowOf = (message: MailMessage) => ({
    recipient: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    links: message.links,
    headers: message.headers ?? {},
    // The first attempt starts now, under a lease like every later one.
    nextAttemptAt: transport ? inMs(MAIL_SENDING_LEASE_MS) : null,
  })

  // Writes the messages to the outbox in one statement.
  const keep = async (into: DbOrTx, messages: MailMessage[]): Promise<Pending[]> => {
    const rows = await into.insert(mailOutbox).values(messages.map(rowOf)).returning(pendingColumns)
    if (!transport)
      for (const message of messages)
        logger.info(
          { to: message.to, subject: message.subject, links: message.links },
          'mail kept in the outbox',
        )
    return rows
  }

  // The messages a transaction sends: one insert for them all, just before its commit (a turn of
  // notice emails, docs/decisions/0234), each sent once it commits, without holding up its caller;
  // never if it rolls back.
  const outbox: BeforeCommitBatch<Array<{ message: MailMessage; sent: () => void }>> = {
    start: () => [],
    async finish(sending, into) {
      const rows = await keep(
        into,
        sending.map(({ message }) => message),
      )
      if (!transport) {
        for (const { sent } of sending) sent()
        return
      }
      await into.afterCommit(async () => {
        rows.forEach((row, at) => void attempt(transport, row).then(sending[at]!.sent))
      })
    },
  }

  return {
    delivers: transport !== undefined,
    async send(message, into = db) {
      if (into === db) {
        const [row] = await keep(db, [message])
        return { delivered: transport && row ? attempt(transport, row) : Promise.resolve() }
      }
      let sent!: () => void
      const delivered = new Promise<void>((resolve) => (sent = resolve))
      await into.beforeCommitBatch(outbox, (sending) => sending.push({ message, sent }))
      return { delivered }
    },
    async retryDue(limit = 20) {
      if (!transport) return 0
      // Claimed in one statement, and rows another instance holds are skipped, so two
      // instances never send the same message at once.
      const claimed = await db.execute<Pending>(sql`
        update ${mailOutbox} set next_attempt_at = ${inMs(MAIL_SENDING_LEASE_MS)}
        where id in (
          select id from ${mailOutbox}
          where sent_at is null and next_attempt_at <= now()
          order by next_attempt_at
          limit ${limit}
          for update skip locked
        )
        returning id, recipient, subject, text, html, headers, attempts
      `)
      const rows = rowsOf<Pending>(claimed)
      for (const row of rows) await attempt(transport, row)
      return rows.length
    },
  }
}

// The development mailbox exists only where mail cannot leave the machine.
export const hasDevMailbox = (env: Pick<Env, 'SMTP_URL' | 'NODE_ENV'>) =>
  !env.SMTP_URL && env.NODE_ENV !== 'production'

export async function listOutbox(db: Db, options: { to?: string | undefined; limit?: number } = {}) {
  const rows = await db
    .select()
    .from(mailOutbox)
    .where(options.to ? eq(mailOutbox.recipient, options.to.trim().toLowerCase()) : undefined)
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(options.limit ?? 100)
  return rows
}

const escapeMap: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => escapeMap[char] ?? char)
