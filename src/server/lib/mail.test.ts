import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mailOutbox } from '../db/schema'
import { createTestApp, type TestApp } from '../testing/test-app'
import { createLogger } from './logger'
import { createMailer, hasDevMailbox, listOutbox } from './mail'

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
    const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, 'send@example.com'))
    expect(row!.sentAt).toBeInstanceOf(Date)
  })

  it('a failed delivery is logged, not thrown, and stays unsent', async () => {
    const logged: unknown[] = []
    const logger = {
      ...silent,
      error: (...args: unknown[]) => void logged.push(args),
    } as unknown as typeof silent
    const mailer = createMailer({
      db: t.db,
      env: { MAIL_FROM: 'App <a@b.c>' },
      logger,
      transport: {
        sendMail: async () => {
          throw new Error('connection refused')
        },
      },
    })
    const { delivered } = await mailer.send(message('fail@example.com'))
    await delivered
    expect(logged).toHaveLength(1)
    const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, 'fail@example.com'))
    expect(row!.sentAt).toBeNull()
  })

  it('the development mailbox exists only without SMTP outside production', () => {
    expect(hasDevMailbox({ NODE_ENV: 'development', SMTP_URL: undefined })).toBe(true)
    expect(hasDevMailbox({ NODE_ENV: 'production', SMTP_URL: undefined })).toBe(false)
    expect(hasDevMailbox({ NODE_ENV: 'development', SMTP_URL: 'smtp://x' })).toBe(false)
  })
})
