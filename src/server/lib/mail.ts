import { desc, eq } from 'drizzle-orm'
import nodemailer from 'nodemailer'
import type { AppDeps } from '../app-env'
import type { Db } from '../db/client'
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
}

export interface Mailer {
  // True when messages leave the machine (SMTP); false when they stay in the outbox.
  readonly delivers: boolean
  // Resolves once the message is in the outbox. Delivery goes on in the background, so an
  // answer never waits for (or reveals anything by the timing of) the mail server.
  send(message: MailMessage): Promise<{ delivered: Promise<void> }>
}

interface Transport {
  sendMail(message: {
    from: string
    to: string
    subject: string
    text: string
    html: string
  }): Promise<unknown>
}

// Every message is recorded in mail_outbox. With SMTP it is then sent and stamped sent_at;
// without SMTP the outbox is the mailbox and the links are printed in the server log.
export function createMailer(options: {
  db: Db
  env: Pick<Env, 'SMTP_URL' | 'MAIL_FROM'>
  logger: Logger
  transport?: Transport
}): Mailer {
  const { db, env, logger } = options
  const transport: Transport | undefined =
    options.transport ?? (env.SMTP_URL ? nodemailer.createTransport(env.SMTP_URL) : undefined)

  return {
    delivers: transport !== undefined,
    async send(message) {
      const [row] = await db
        .insert(mailOutbox)
        .values({
          recipient: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
          links: message.links,
        })
        .returning({ id: mailOutbox.id })
      if (!transport) {
        logger.info(
          { to: message.to, subject: message.subject, links: message.links },
          'mail kept in the outbox',
        )
        return { delivered: Promise.resolve() }
      }
      const delivered = (async () => {
        try {
          await transport.sendMail({
            from: env.MAIL_FROM,
            to: message.to,
            subject: message.subject,
            text: message.text,
            html: message.html,
          })
          if (row) await db.update(mailOutbox).set({ sentAt: new Date() }).where(eq(mailOutbox.id, row.id))
        } catch (err) {
          logger.error({ err, to: message.to, subject: message.subject }, 'mail delivery failed')
        }
      })()
      return { delivered }
    },
  }
}

const mailers = new WeakMap<AppDeps, Mailer>()

export function mailerOf(deps: AppDeps): Mailer {
  if (deps.mailer) return deps.mailer
  let mailer = mailers.get(deps)
  if (!mailer) {
    mailer = createMailer({ db: deps.database.db, env: deps.env, logger: deps.logger })
    mailers.set(deps, mailer)
  }
  return mailer
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
