import { and, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { type NotificationKind, notificationKinds } from '../../../domain/notifications/preferences.schema'
import { gameLabel } from '../../../domain/play-dates/game-label'
import { CHAT_DIGEST_JOB } from '../play-dates'
import { jobs, notificationPreferences, pushSubscriptions } from '../../db/schema'
import { jobHandlers } from '../../jobs'
import { runDueJobs } from '../../lib/jobs'
import {
  befriend,
  insertMatchedPlayDate,
  insertVenue,
  nextWeek,
  type SignedInPlayer,
  signedInUser,
} from '../../testing/factories'
import { mailTo } from '../../testing/mailbox'
import { nextNoonInPhoenix, runNoticeEmails } from '../../testing/notice-jobs'
import { statementsSent } from '../../testing/statements'
import { createClient, createTestApp, type TestApp } from '../../testing/test-app'
import { createNotifications } from './notifications.service'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())
// Each test sets the clock it needs; by default it follows the real time.
beforeEach(() => t.clock.set(new Date()))

const MINUTE = 60_000

const switchOff = (player: SignedInPlayer, kind: NotificationKind, channel: 'email' | 'push' | 'inApp') =>
  player.client.put('/api/notification-preferences', {
    items: [{ kind, inApp: channel !== 'inApp', email: channel !== 'email', push: channel !== 'push' }],
  })

async function fourPlayers() {
  const [creator, partner, applicant, applicantPartner] = await Promise.all([
    signedInUser(t, { firstName: 'Maya' }),
    signedInUser(t, { firstName: 'Sam' }),
    signedInUser(t, { firstName: 'Cal', lastName: 'Ray' }),
    signedInUser(t, { firstName: 'Jo', lastName: 'Lee' }),
  ])
  await befriend(t.db, creator, partner)
  await befriend(t.db, applicant, applicantPartner)
  return { creator, partner, applicant, applicantPartner }
}

// A matched game of the four at Red Mountain Pickleball Park, `minutes` from now, and its label.
async function matchedGameIn(players: Awaited<ReturnType<typeof fourPlayers>>, minutes: number) {
  const { creator, partner, applicant, applicantPartner } = players
  const venue = await insertVenue(t.db, { name: 'Red Mountain Pickleball Park', city: 'Mesa' })
  const startsAt = new Date(t.clock.now().getTime() + minutes * MINUTE)
  const game = await insertMatchedPlayDate(t.db, [creator, partner], [applicant, applicantPartner], {
    startsAt,
    timeZone: 'America/Phoenix',
    durationMinutes: 120,
    venueId: venue.id,
  })
  return { game, label: gameLabel({ startsAt, timeZone: 'America/Phoenix', venue: venue.name }) }
}

describe('notices by email', () => {
  it('every kind with an email switch is emailed when it is on and not when it is off', async () => {
    for (const kind of notificationKinds.filter((k) => k !== 'messages')) {
      const [on, off] = await Promise.all([signedInUser(t), signedInUser(t)])
      expect((await switchOff(off, kind, 'email')).status).toBe(200)
      await createNotifications(
        t.db,
        [on, off].map((p) => ({
          userId: p.profile.id,
          type: 'other' as const,
          title: `A ${kind} notice`,
          message: 'Something happened',
          kind,
        })),
      )
      await runNoticeEmails(t)
      expect(
        (await mailTo(t, on.profile.email)).map((m) => m.subject),
        kind,
      ).toEqual([`A ${kind} notice`])
      expect(await mailTo(t, off.profile.email), kind).toEqual([])
      // Switched off for email only: the app still shows it.
      expect((await off.client.get('/api/notifications')).body.items[0].title).toBe(`A ${kind} notice`)
    }
  })

  it('an application, its answer and a cancellation reach the players by email, naming the game and who did it', async () => {
    const { creator, partner, applicant, applicantPartner } = await fourPlayers()
    await switchOff(partner, 'applications', 'email')
    const venue = await insertVenue(t.db, { name: 'Red Mountain Pickleball Park', city: 'Mesa' })
    const created = await creator.client.post('/api/play-dates', {
      type: 'challenge',
      state: 'AZ',
      regions: ['east_valley'],
      partnerId: partner.profile.id,
      amount: 25,
      description: 'Doubles',
      venueId: venue.id,
      ...nextWeek(),
    })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    const id = created.body.id as string
    const applied = await applicant.client.post(`/api/play-dates/${id}/requests`, {
      partnerId: applicantPartner.profile.id,
    })
    expect(applied.status).toBe(201)
    await runNoticeEmails(t)

    const [told] = await mailTo(t, creator.profile.email)
    const label = (await creator.client.get('/api/notifications')).body.items[0].game.label as string
    expect(label).toMatch(
      /^[A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2} · 8:00 AM MST at Red Mountain Pickleball Park$/,
    )
    expect(told).toMatchObject({ subject: `New application: ${label}` })
    expect(told!.text).toContain('Cal Ray and Jo Lee applied to your PlayDate')
    expect(told!.text).toContain(`The game: ${label}.`)
    // A plain-text part, the settings in the footer, and a one-click unsubscribe.
    expect(told!.text).toContain('Notification settings: http://localhost:3000/profile#notifications')
    expect(told!.headers['List-Unsubscribe']).toMatch(
      /^<http:\/\/localhost:3000\/email\/unsubscribe\?token=.+>$/,
    )
    expect(told!.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click')
    expect(told!.html).toContain('Notification settings')
    // The partner switched application emails off: in the app only.
    expect(
      (await mailTo(t, partner.profile.email)).filter((m) => m.subject.startsWith('New application')),
    ).toEqual([])
    expect((await mailTo(t, applicantPartner.profile.email))[0]!.subject).toBe(`Applied with you: ${label}`)

    expect((await creator.client.post(`/api/play-dates/requests/${applied.body.id}/accept`)).status).toBe(200)
    await runNoticeEmails(t)
    expect((await mailTo(t, applicant.profile.email))[0]).toMatchObject({
      subject: `Application accepted: ${label}`,
    })

    expect((await applicant.client.post(`/api/play-dates/${id}/cancel`)).status).toBe(200)
    await runNoticeEmails(t)
    const cancelled = (await mailTo(t, creator.profile.email))[0]!
    expect(cancelled.subject).toBe(`PlayDate cancelled: ${label}`)
    expect(cancelled.text).toContain('Cal Ray cancelled the PlayDate')
    expect(cancelled.text).not.toContain('late')
  })

  it('a late cancellation says so, in the app and by email; a player with cancellation emails off gets none', async () => {
    const players = await fourPlayers()
    const { creator, partner, applicant, applicantPartner } = players
    await switchOff(applicantPartner, 'cancellations', 'email')
    const { game, label } = await matchedGameIn(players, 5 * 60)
    expect((await creator.client.post(`/api/play-dates/${game.id}/cancel`)).status).toBe(200)
    const inApp = (await applicant.client.get('/api/notifications')).body.items[0]
    expect(inApp).toMatchObject({
      title: 'PlayDate cancelled',
      message: expect.stringContaining('cancelled the PlayDate late, under 24 hours before the start'),
      game: { id: game.id, label },
    })
    await runNoticeEmails(t)
    for (const player of [partner, applicant]) {
      const [mail] = await mailTo(t, player.profile.email)
      expect(mail!.subject).toBe(`PlayDate cancelled: ${label}`)
      expect(mail!.text).toContain('Maya')
      expect(mail!.text).toContain('late, under 24 hours before the start')
    }
    expect(await mailTo(t, applicantPartner.profile.email)).toEqual([])
    expect(await mailTo(t, creator.profile.email)).toEqual([])
  })

  it('a friend request is emailed when friend request emails are on, and not when off', async () => {
    const [sender, on, off] = await Promise.all([
      signedInUser(t, { firstName: 'Sam', lastName: 'Lee' }),
      signedInUser(t),
      signedInUser(t),
    ])
    await switchOff(off, 'friend_requests', 'email')
    for (const receiver of [on, off])
      await sender.client.post('/api/connections/friend-requests', { receiverId: receiver.profile.id })
    await runNoticeEmails(t)
    const [mail] = await mailTo(t, on.profile.email)
    expect(mail!.subject).toBe('New Friend Request')
    expect(mail!.text).toContain('Sam Lee wants to be your friend')
    expect(await mailTo(t, off.profile.email)).toEqual([])
  })

  it('one email per notice, however many turns run it', async () => {
    const player = await signedInUser(t)
    await createNotifications(t.db, [
      { userId: player.profile.id, type: 'other', title: 'Once', message: 'm', kind: 'results' },
    ])
    await Promise.all([runNoticeEmails(t), runNoticeEmails(t)])
    await runNoticeEmails(t)
    expect(await mailTo(t, player.profile.email)).toHaveLength(1)
  })
})

describe('notices by push', () => {
  it('each kind goes to the devices of players who left push on for it, also with the app’s copy off', async () => {
    const [on, off, noCopy] = await Promise.all([signedInUser(t), signedInUser(t), signedInUser(t)])
    await switchOff(off, 'cancellations', 'push')
    await switchOff(noCopy, 'cancellations', 'inApp')
    for (const p of [on, off, noCopy])
      await t.db.insert(pushSubscriptions).values({
        profileId: p.profile.id,
        endpoint: `https://fcm.googleapis.com/fcm/send/${p.profile.id}`,
        p256dh: 'k',
        auth: 'a',
      })
    await createNotifications(
      t.db,
      [on, off, noCopy].map((p) => ({
        userId: p.profile.id,
        type: 'other' as const,
        title: 'PlayDate cancelled',
        message: 'm',
        kind: 'cancellations' as const,
      })),
    )
    const pushes = await t.db
      .select({ owner: jobs.ownerId, payload: jobs.payload })
      .from(jobs)
      .where(
        and(
          eq(jobs.kind, 'push-send'),
          inArray(
            jobs.ownerId,
            [on, off, noCopy].map((p) => p.profile.id),
          ),
        ),
      )
    expect(pushes.map((p) => p.owner).sort()).toEqual([on.profile.id, noCopy.profile.id].sort())
    expect(pushes.find((p) => p.owner === noCopy.profile.id)!.payload).toMatchObject({
      inApp: false,
      notice: { title: 'PlayDate cancelled', kind: 'cancellations' },
    })
    expect((await noCopy.client.get('/api/notifications')).body.items).toEqual([])
  })
})

describe('the chat by email', () => {
  const digestHandlers = () => ({ [CHAT_DIGEST_JOB]: jobHandlers(t.deps)[CHAT_DIGEST_JOB]! })
  const runDigests = (at: Date) => runDueJobs(t.db, digestHandlers(), at)

  async function matchedChat() {
    const players = await fourPlayers()
    const { creator, partner, applicant, applicantPartner } = players
    const { game, label } = await matchedGameIn(players, 3 * 24 * 60)
    const say = async (player: SignedInPlayer, content: string) => {
      const res = await player.client.post(`/api/play-dates/${game.id}/messages`, { content })
      expect(res.status).toBe(201)
    }
    return { creator, partner, applicant, applicantPartner, game, label, say }
  }

  it('becomes one email 10 minutes after the first unread message, with the latest lines, sent once', async () => {
    const noon = nextNoonInPhoenix(new Date())
    t.clock.set(noon)
    const chat = await matchedChat()
    await chat.say(chat.applicant, 'See you at 8?')
    t.clock.set(new Date(noon.getTime() + 3 * MINUTE))
    await chat.say(chat.applicantPartner, 'I will bring balls')

    await runDigests(new Date(noon.getTime() + 9 * MINUTE))
    expect(await mailTo(t, chat.creator.profile.email)).toEqual([])
    await runDigests(new Date(noon.getTime() + 10 * MINUTE))
    const mail = await mailTo(t, chat.creator.profile.email)
    expect(mail).toHaveLength(1)
    expect(mail[0]!.subject).toBe(`New messages: ${chat.label}`)
    expect(mail[0]!.text).toContain('You have 2 unread messages in the chat of your PlayDate.')
    expect(mail[0]!.text).toContain('Cal: See you at 8?\n\nJo: I will bring balls')
    expect(mail[0]!.text).toContain(`/playdates/${chat.game.id}#team-chat`)
    expect(mail[0]!.headers['List-Unsubscribe']).toContain('/email/unsubscribe?token=')
    // The senders read what they sent: the applicant's unread stretch began with Jo's line.
    expect(await mailTo(t, chat.applicant.profile.email)).toEqual([])
    await runDigests(new Date(noon.getTime() + 13 * MINUTE))
    expect((await mailTo(t, chat.applicant.profile.email))[0]!.text).toContain('You have 1 unread message')

    // More while still unread: no second email.
    t.clock.set(new Date(noon.getTime() + 20 * MINUTE))
    await chat.say(chat.applicant, 'Court 3')
    await runDigests(new Date(noon.getTime() + 60 * MINUTE))
    expect(await mailTo(t, chat.creator.profile.email)).toHaveLength(1)
  })

  // On the embedded database a transaction holds the one session every request waits for
  // (docs/decisions/0234).
  it('reads what it says before its transaction: inside it, the claim and one outbox insert for the turn', async () => {
    const noon = nextNoonInPhoenix(new Date())
    t.clock.set(noon)
    const chat = await matchedChat()
    await chat.say(chat.applicant, 'Court 2 is free')
    await runDigests(new Date(noon.getTime() + 9 * MINUTE))
    // The other three players' digests.
    const sent = await statementsSent(() => runDigests(new Date(noon.getTime() + 10 * MINUTE)))
    expect(sent.result).toBe(3)
    expect(
      sent.inside.map((text) => text.split(' ').slice(0, 3).join(' ')),
      sent.all.join('\n'),
    ).toEqual(['update "jobs" set', 'insert into "mail_outbox"'])
    expect(sent.before.filter((text) => text.includes('"play_date_messages"')).length).toBeGreaterThan(0)
    for (const player of [chat.creator, chat.partner, chat.applicantPartner])
      expect((await mailTo(t, player.profile.email))[0]!.text).toContain('Cal: Court 2 is free')
  })

  it('is not sent to a player who read the chat in the app meanwhile, nor to one with chat emails off', async () => {
    const noon = nextNoonInPhoenix(new Date())
    t.clock.set(noon)
    const chat = await matchedChat()
    await switchOff(chat.applicantPartner, 'messages', 'email')
    await chat.say(chat.creator, 'Running late')
    t.clock.set(new Date(noon.getTime() + 4 * MINUTE))
    const read = await chat.partner.client.get(`/api/play-dates/${chat.game.id}/messages`)
    expect(read.body.items.map((m: { content: string }) => m.content)).toEqual(['Running late'])
    await runDigests(new Date(noon.getTime() + 30 * MINUTE))
    expect(await mailTo(t, chat.partner.profile.email)).toEqual([])
    expect(await mailTo(t, chat.applicantPartner.profile.email)).toEqual([])
    expect(await mailTo(t, chat.applicant.profile.email)).toHaveLength(1)

    // Read, then a new message: a new unread stretch, a new email 10 minutes after it.
    t.clock.set(new Date(noon.getTime() + 40 * MINUTE))
    await chat.say(chat.applicant, 'No problem')
    await runDigests(new Date(noon.getTime() + 49 * MINUTE))
    expect(await mailTo(t, chat.partner.profile.email)).toEqual([])
    await runDigests(new Date(noon.getTime() + 50 * MINUTE))
    expect((await mailTo(t, chat.partner.profile.email))[0]!.text).toContain('Cal: No problem')
  })
})

describe('quiet hours', () => {
  // 10:00 PM in Denver on the Saturday before the clocks go forward (Sunday, March 14, 2027) and on
  // the Saturday before they go back (Sunday, November 7, 2027).
  const beforeSpring = new Date('2027-03-14T05:00:00Z')
  const beforeFall = new Date('2027-11-07T04:00:00Z')

  it('are 9 PM to 8 AM in the zone of the player’s home state until they change them', async () => {
    const player = await signedInUser(t)
    const read = await player.client.get('/api/notification-preferences/quiet-hours')
    expect(read.body).toEqual({ enabled: true, start: '21:00', end: '08:00', timeZone: 'America/Phoenix' })
    const changed = await player.client.put('/api/notification-preferences/quiet-hours', {
      enabled: true,
      start: '22:30',
      end: '07:00',
      timeZone: 'America/Denver',
    })
    expect(changed.status).toBe(200)
    expect((await player.client.get('/api/notification-preferences/quiet-hours')).body).toEqual({
      enabled: true,
      start: '22:30',
      end: '07:00',
      timeZone: 'America/Denver',
    })
    const bad = await player.client.put('/api/notification-preferences/quiet-hours', {
      enabled: true,
      start: '25:00',
      end: '07:00',
      timeZone: 'Mars/Olympus',
    })
    expect(bad.status).toBe(400)
    expect(bad.body.error.fields).toMatchObject({
      start: 'Give a time like 21:00',
      timeZone: 'Choose a time zone',
    })
    expect((await createClient(t.app).get('/api/notification-preferences/quiet-hours')).status).toBe(401)
  })

  it.each([
    ['forward', beforeSpring, new Date('2027-03-14T14:00:00Z')],
    ['back', beforeFall, new Date('2027-11-07T15:00:00Z')],
  ])(
    'hold email until 8 AM in the player’s zone the night the clocks go %s, while the app shows it at once',
    async (_change, night, eightAm) => {
      t.clock.set(night)
      const [sender, player] = await Promise.all([signedInUser(t), signedInUser(t)])
      await player.client.put('/api/notification-preferences/quiet-hours', {
        enabled: true,
        start: '21:00',
        end: '08:00',
        timeZone: 'America/Denver',
      })
      await sender.client.post('/api/connections/friend-requests', { receiverId: player.profile.id })
      expect((await player.client.get('/api/notifications')).body.items).toHaveLength(1)
      await runNoticeEmails(t, night)
      expect(await mailTo(t, player.profile.email)).toEqual([])
      // An hour before 8 AM on the clock the night had at its start: still night.
      await runNoticeEmails(t, new Date(eightAm.getTime() - MINUTE))
      expect(await mailTo(t, player.profile.email)).toEqual([])
      await runNoticeEmails(t, eightAm)
      expect((await mailTo(t, player.profile.email)).map((m) => m.subject)).toEqual(['New Friend Request'])
    },
  )

  it('let a cancellation of a game that starts before they end go out at once', async () => {
    t.clock.set(beforeSpring)
    const { creator, partner, applicant, applicantPartner } = await fourPlayers()
    // 7:00 AM MDT, before the quiet hours end, and a game at 10:00 AM, after.
    const early = await insertMatchedPlayDate(t.db, [creator, partner], [applicant, applicantPartner], {
      startsAt: new Date('2027-03-14T13:00:00Z'),
      timeZone: 'America/Denver',
      durationMinutes: 90,
      place: 'Pioneer Park',
    })
    const later = await insertMatchedPlayDate(t.db, [creator, partner], [applicant, applicantPartner], {
      startsAt: new Date('2027-03-14T16:00:00Z'),
      timeZone: 'America/Denver',
      durationMinutes: 90,
      place: 'Liberty Park',
    })
    expect((await creator.client.post(`/api/play-dates/${early.id}/cancel`)).status).toBe(200)
    expect((await creator.client.post(`/api/play-dates/${later.id}/cancel`)).status).toBe(200)
    await runNoticeEmails(t, beforeSpring)
    // The applicant's quiet hours are Arizona's (10:00 PM there too): the later game waits for 8 AM.
    expect((await mailTo(t, applicant.profile.email)).map((m) => m.subject)).toEqual([
      'PlayDate cancelled: Sun, Mar 14 · 7:00 AM MDT at Pioneer Park',
    ])
    await runNoticeEmails(t, new Date('2027-03-14T15:00:00Z'))
    expect((await mailTo(t, applicant.profile.email)).map((m) => m.subject)).toContain(
      'PlayDate cancelled: Sun, Mar 14 · 10:00 AM MDT at Liberty Park',
    )
  })
})

describe('the unsubscribe link', () => {
  async function emailed() {
    const player = await signedInUser(t)
    await createNotifications(t.db, [
      { userId: player.profile.id, type: 'other', title: 'A result', message: 'm', kind: 'results' },
    ])
    await runNoticeEmails(t)
    const [mail] = await mailTo(t, player.profile.email)
    const url = mail!.headers['List-Unsubscribe']!.slice(1, -1)
    return { player, path: url.replace('http://localhost:3000', '') }
  }

  const emailSwitch = async (player: SignedInPlayer, kind: NotificationKind) => {
    const [row] = await t.db
      .select({ email: notificationPreferences.email })
      .from(notificationPreferences)
      .where(
        and(eq(notificationPreferences.profileId, player.profile.id), eq(notificationPreferences.kind, kind)),
      )
    return row?.email ?? true
  }

  it('turns that kind of email off in one click, and nothing else', async () => {
    const { player, path } = await emailed()
    expect(path).toMatch(/^\/email\/unsubscribe\?token=/)
    const page = await t.app.request(`http://localhost${path}`)
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('Game result emails are off')
    expect(await emailSwitch(player, 'results')).toBe(false)
    expect(await emailSwitch(player, 'reminders')).toBe(true)
    const prefs = (await player.client.get('/api/notification-preferences')).body.items
    expect(prefs.find((p: { kind: string }) => p.kind === 'results')).toEqual({
      kind: 'results',
      inApp: true,
      email: false,
      push: true,
    })
  })

  it('answers a mail app’s one-click POST, from no page of ours', async () => {
    const { player, path } = await emailed()
    const res = await t.app.request(`http://localhost${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://mail.example.com' },
      body: 'List-Unsubscribe=One-Click',
    })
    expect(res.status).toBe(200)
    expect(await emailSwitch(player, 'results')).toBe(false)
  })

  it('refuses a token that was changed, and turns nothing off', async () => {
    const { player, path } = await emailed()
    const [body, signature] = path.split('token=')[1]!.split('.')
    const other = Buffer.from(JSON.stringify([player.profile.id, 'reminders'])).toString('base64url')
    // Its first character changed (to one it is not: a random signature may start with any).
    const changed = `${signature!.startsWith('A') ? 'B' : 'A'}${signature!.slice(1)}`
    for (const token of [`${other}.${signature}`, `${body}.${changed}`, 'garbage', '']) {
      const res = await t.app.request(`http://localhost/email/unsubscribe?token=${token}`)
      expect(res.status, token).toBe(400)
    }
    expect(await emailSwitch(player, 'reminders')).toBe(true)
    expect(await emailSwitch(player, 'results')).toBe(true)
  })
})
