import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { jobs, mailOutbox } from '../db/schema'
import { enqueueJob, type JobHandlers, runDueJobs } from './jobs'
import { createTestApp, type TestApp } from '../testing/test-app'
import { mailTo } from '../testing/mailbox'
import { createLogger } from './logger'
import {
  createMailer,
  hasDevMailbox,
  listOutbox,
  MAIL_MAX_ATTEMPTS,
  mailRetryDelayMs,
  SMTP_TIMEOUTS,
} from './mail'

const silent = createLogger({ NODE_ENV: 'test', LOG_LEVEL: 'silent' })

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const message = (to: string) => ({
  to,
  subject: 'Hello',
  text: 'Open http://localhost:3000/x',
  html: '<p>Open</p>',
  links: ['http://localhost:3000/x'],
})

describe('mail', () => {
  it('without SMTP keeps the message in the outbox, unsent', async () => {
    const mailer = createMailer({ db: t.db, env: { MAIL_FROM: 'App <a@b.c>' }, logger: silent })
    expect(mailer.delivers).toBe(false)
    await mailer.send(message('keep@example.com'))
    const [row] = await listOutbox(t.db, { to: 'keep@example.com' })
    expect(row).toMatchObject({ subject: 'Hello', links: ['http://localhost:3000/x'], sentAt: null })
  })

  it('with SMTP sends the message and records when it was sent', async () => {
    const sent: unknown[] = []
    const mailer = createMailer({
      db: t.db,
      env: { MAIL_FROM: 'App <a@b.c>' },
      logger: silent,
      transport: { sendMail: async (m) => void sent.push(m) },
    })
    expect(mailer.delivers).toBe(true)
    const { delivered } = await mailer.send(message('send@example.com'))
    await delivered
    expect(sent).toEqual([
      expect.objectContaining({ from: 'App <a@b.c>', to: 'send@example.com', subject: 'Hello' }),
    ])
    const [row] = await mailTo(t, 'send@example.com')
    expect(row!.sentAt).toBeInstanceOf(Date)
  })

  it('keeps a message’s extra headers and sends them (List-Unsubscribe)', async () => {
    const sent: Array<{ headers?: Record<string, string> }> = []
    const mailer = createMailer({
      db: t.db,
      env: { MAIL_FROM: 'App <a@b.c>' },
      logger: silent,
      transport: { sendMail: async (m) => void sent.push(m) },
    })
    const headers = {
      'List-Unsubscribe': '<http://localhost:3000/email/unsubscribe?token=t>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    }
    const { delivered } = await mailer.send({ ...message('headers@example.com'), headers })
    await delivered
    expect(sent[0]!.headers).toEqual(headers)
    const [row] = await mailTo(t, 'headers@example.com')
    expect(row!.headers).toEqual(headers)
  })

  it('written in a transaction, is sent once it commits, and never if it rolls back', async () => {
    const sent: string[] = []
    const mailer = createMailer({
      db: t.db,
      env: { MAIL_FROM: 'App <a@b.c>' },
      logger: silent,
      transport: { sendMail: async (m) => void sent.push(m.to) },
    })
    let delivered: Promise<void> | undefined
    await t.db.transaction(async (tx) => {
      ;({ delivered } = await mailer.send(message('committed@example.com'), tx))
      expect(sent).toEqual([])
    })
    await delivered
    expect(sent).toEqual(['committed@example.com'])

    await expect(
      t.db.transaction(async (tx) => {
        await mailer.send(message('rolled-back@example.com'), tx)
        throw new Error('undo')
      }),
    ).rejects.toThrow('undo')
    expect(await listOutbox(t.db, { to: 'rolled-back@example.com' })).toEqual([])
    expect(sent).toEqual(['committed@example.com'])
  })

  it('holds no transaction while a mail server is slow: a job’s reminder is sent after it commits', async () => {
    let answer!: () => void
    let reached!: () => void
    const arrived = new Promise<void>((resolve) => (reached = resolve))
    const mailer = createMailer({
      db: t.db,
      env: { MAIL_FROM: 'App <a@b.c>' },
      logger: silent,
      transport: {
        sendMail: () =>
          new Promise((resolve) => {
            answer = () => resolve(undefined)
            reached()
          }),
      },
    })
    await enqueueJob(t.db, { kind: 'mail', key: 'slow-mail', runAt: new Date(0) })
    const handlers: JobHandlers = {
      mail: async ({ tx }) => {
        await mailer.send(message('slow@example.com'), tx)
      },
    }
    // The turn ends, its job done, while the mail server still holds the message; the job's row
    // and the outbox's are free.
    expect(await runDueJobs(t.db, handlers, new Date())).toBe(1)
    await arrived
    await t.db.transaction(async (tx) => {
      const [job] = await tx
        .select()
        .from(jobs)
        .where(eq(jobs.key, 'slow-mail'))
        .for('update', { noWait: true })
      expect(job!.doneAt).not.toBeNull()
      await tx
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.recipient, 'slow@example.com'))
        .for('update', { noWait: true })
    })
    answer()
  })

  it('a failed delivery is logged, not thrown, and tried again later, with longer waits, until it is sent', async () => {
    let down = true
    const sent: string[] = []
    const warnings: unknown[] = []
    const mailer = createMailer({
      db: t.db,
      env: { MAIL_FROM: 'App <a@b.c>' },
      logger: {
        ...silent,
        warn: (...args: unknown[]) => void warnings.push(args),
      } as unknown as typeof silent,
      transport: {
        sendMail: async (m) => {
          if (down) throw new Error('connect ECONNREFUSED 127.0.0.1:25')
          sent.push(m.to)
        },
      },
    })
    const to = 'retry@example.com'
    const rowOf = async () => (await mailTo(t, to))[0]!
    const makeDue = () =>
      t.db
        .update(mailOutbox)
        .set({ nextAttemptAt: sql`now() - interval '1 second'` })
        .where(eq(mailOutbox.recipient, to))
    const waitOf = (row: Awaited<ReturnType<typeof rowOf>>) => row.nextAttemptAt!.getTime() - Date.now()

    await (
      await mailer.send(message(to))
    ).delivered
    expect(warnings).toHaveLength(1)
    let row = await rowOf()
    expect(row).toMatchObject({ sentAt: null, attempts: 1, lastError: 'connect ECONNREFUSED 127.0.0.1:25' })
    expect(waitOf(row)).toBeGreaterThan(mailRetryDelayMs(1) - 5_000)
    expect(waitOf(row)).toBeLessThanOrEqual(mailRetryDelayMs(1) + 1_000)
    // Not due yet: nothing is tried.
    expect(await mailer.retryDue()).toBe(0)

    await makeDue()
    expect(await mailer.retryDue()).toBe(1)
    row = await rowOf()
    expect(row.attempts).toBe(2)
    expect(waitOf(row)).toBeGreaterThan(mailRetryDelayMs(2) - 5_000)
    expect(mailRetryDelayMs(2)).toBe(2 * mailRetryDelayMs(1))

    down = false
    await makeDue()
    expect(await mailer.retryDue()).toBe(1)
    row = await rowOf()
    expect(row).toMatchObject({ attempts: 3, nextAttemptAt: null, lastError: null })
    expect(row.sentAt).toBeInstanceOf(Date)
    expect(sent).toEqual([to])
    await makeDue()
    expect(await mailer.retryDue()).toBe(0)
  })

  it(`gives up after ${MAIL_MAX_ATTEMPTS} attempts and says so in the log`, async () => {
    const errors: unknown[] = []
    const logger = {
      ...silent,
      error: (...args: unknown[]) => void errors.push(args),
    } as unknown as typeof silent
    let tries = 0
    const mailer = createMailer({
      db: t.db,
      env: { MAIL_FROM: 'App <a@b.c>' },
      logger,
      transport: {
        sendMail: async () => {
          tries += 1
          throw new Error('550 mailbox unavailable')
        },
      },
    })
    const to = 'never@example.com'
    await (
      await mailer.send(message(to))
    ).delivered
    for (let i = 1; i < MAIL_MAX_ATTEMPTS + 2; i++) {
      await t.db
        .update(mailOutbox)
        .set({ nextAttemptAt: sql`case when next_attempt_at is null then null else now() end` })
        .where(eq(mailOutbox.recipient, to))
      await mailer.retryDue()
    }
    expect(tries).toBe(MAIL_MAX_ATTEMPTS)
    const [row] = await mailTo(t, to)
    expect(row).toMatchObject({ sentAt: null, attempts: MAIL_MAX_ATTEMPTS, nextAttemptAt: null })
    expect(errors).toHaveLength(1)
    expect(JSON.stringify(errors[0])).toContain('giving up')
  })

  it('sends a due message once when two instances look at the same time', async () => {
    const sent: string[] = []
    const transport = {
      sendMail: async (m: { to: string }) => {
        await new Promise((resolve) => setTimeout(resolve, 20))
        sent.push(m.to)
      },
    }
    const one = createMailer({ db: t.db, env: { MAIL_FROM: 'App <a@b.c>' }, logger: silent, transport })
    const two = createMailer({ db: t.db, env: { MAIL_FROM: 'App <a@b.c>' }, logger: silent, transport })
    const recipients = ['due-1@example.com', 'due-2@example.com', 'due-3@example.com']
    // Left by an instance that stopped while sending: the lease is over.
    await t.db.insert(mailOutbox).values(
      recipients.map((recipient) => ({
        recipient,
        subject: 'Hello',
        text: 'x',
        html: '<p>x</p>',
        nextAttemptAt: new Date(Date.now() - 1000),
      })),
    )
    const [a, b] = await Promise.all([one.retryDue(), two.retryDue()])
    expect(a + b).toBe(3)
    expect(sent.filter((to) => recipients.includes(to)).sort()).toEqual(recipients)
  })

  it('gives up on a silent mail server within a minute, not nodemailer’s ten', () => {
    expect(Math.max(...Object.values(SMTP_TIMEOUTS))).toBeLessThanOrEqual(60_000)
  })

  it('the development mailbox exists only without SMTP outside production', () => {
    expect(hasDevMailbox({ NODE_ENV: 'development', SMTP_URL: undefined })).toBe(true)
    expect(hasDevMailbox({ NODE_ENV: 'production', SMTP_URL: undefined })).toBe(false)
    expect(hasDevMailbox({ NODE_ENV: 'development', SMTP_URL: 'smtp://x' })).toBe(false)
  })
})
