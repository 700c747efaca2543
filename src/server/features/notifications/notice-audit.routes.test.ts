import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { gameLabel } from '../../../domain/play-dates/game-label'
import { CHAT_DIGEST_JOB } from '../play-dates'
import { jobs, notifications, profiles, pushSubscriptions } from '../../db/schema'
import { jobHandlers } from '../../jobs'
import { runDueJobs } from '../../lib/jobs'
import {
  befriend,
  insertMatchedPlayDate,
  insertUser,
  insertVenue,
  playDateBody,
  type SignedInPlayer,
  signedInUser,
  signUpBody,
} from '../../testing/factories'
import { expectEmailButton, mailTo } from '../../testing/mailbox'
import { nextNoonInPhoenix, runNoticeEmails } from '../../testing/notice-jobs'
import { createClient, createTestApp, type TestApp } from '../../testing/test-app'
import { createNotifications } from './notifications.service'

// What a player receives of each kind of notice, end to end (docs/decisions/0200).

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())
beforeEach(() => t.clock.set(new Date()))

const MINUTE = 60_000
const pause = (player: SignedInPlayer) =>
  t.db.update(profiles).set({ isPaused: true }).where(eq(profiles.id, player.profile.id))

const jobsOf = (player: SignedInPlayer) => t.db.select().from(jobs).where(eq(jobs.ownerId, player.profile.id))

describe('a paused player', () => {
  it('is told nothing, in the app, by email or by push, of what happens while paused', async () => {
    const [paused, other] = await Promise.all([signedInUser(t), signedInUser(t)])
    await t.db.insert(pushSubscriptions).values({
      profileId: paused.profile.id,
      endpoint: `https://fcm.googleapis.com/fcm/send/${paused.profile.id}`,
      p256dh: 'k',
      auth: 'a',
    })
    await pause(paused)
    await createNotifications(
      t.db,
      [paused, other].map((p) => ({
        userId: p.profile.id,
        type: 'other' as const,
        title: 'PlayDate cancelled',
        message: 'Ann Lee cancelled the PlayDate',
        kind: 'cancellations' as const,
      })),
    )
    expect(
      await t.db.select().from(notifications).where(eq(notifications.userId, paused.profile.id)),
    ).toEqual([])
    expect(await jobsOf(paused)).toEqual([])
    await runNoticeEmails(t)
    expect(await mailTo(t, paused.profile.email)).toEqual([])
    expect((await mailTo(t, other.profile.email)).map((m) => m.subject)).toEqual(['PlayDate cancelled'])
  })

  it('gets no email of a notice that waited while an admin paused them', async () => {
    const player = await signedInUser(t)
    await createNotifications(t.db, [
      { userId: player.profile.id, type: 'other', title: 'Result', message: 'm', kind: 'results' },
    ])
    await pause(player)
    await runNoticeEmails(t)
    expect(await mailTo(t, player.profile.email)).toEqual([])
  })

  it('gets no email when someone signs up with their address', async () => {
    const user = await insertUser(t.db, { isPaused: true })
    const res = await createClient(t.app).post('/api/auth/sign-up', signUpBody({ email: user.email }))
    expect(res.status).toBe(201)
    expect(await mailTo(t, user.email)).toEqual([])
  })
})

describe('a friend request', () => {
  // 11 PM in Phoenix: in every player's default quiet hours, so the email waits for 8 AM.
  const night = new Date('2027-06-10T06:00:00Z')
  const morning = nextNoonInPhoenix(night)

  it('cancelled in the night is not emailed in the morning', async () => {
    t.clock.set(night)
    const [sender, receiver] = await Promise.all([signedInUser(t), signedInUser(t)])
    const sent = await sender.client.post('/api/connections/friend-requests', {
      receiverId: receiver.profile.id,
    })
    expect(sent.status).toBe(201)
    await runNoticeEmails(t, night)
    expect((await sender.client.post(`/api/connections/${sent.body.id}/cancel`)).status).toBe(204)
    await runNoticeEmails(t, morning)
    expect(await mailTo(t, receiver.profile.email)).toEqual([])
  })

  it('answered in the app in the night is not emailed in the morning; its answer is', async () => {
    t.clock.set(night)
    const [sender, receiver] = await Promise.all([
      signedInUser(t),
      signedInUser(t, { firstName: 'Rae', lastName: 'Diaz' }),
    ])
    const sent = await sender.client.post('/api/connections/friend-requests', {
      receiverId: receiver.profile.id,
    })
    await runNoticeEmails(t, night)
    expect((await receiver.client.post(`/api/connections/${sent.body.id}/accept`)).status).toBe(200)
    await runNoticeEmails(t, night)
    await runNoticeEmails(t, morning)
    expect(await mailTo(t, receiver.profile.email)).toEqual([])
    const [accepted] = await mailTo(t, sender.profile.email)
    expect(accepted!.subject).toBe('Friend Request Accepted')
    expect(accepted!.text).toContain('Rae Diaz accepted your friend request')
    expectEmailButton(accepted!, 'See their profile', `/profile/${receiver.profile.id}`)
  })

  it('asks the player to answer it, and opens their received requests', async () => {
    const [sender, receiver] = await Promise.all([
      signedInUser(t, { firstName: 'Sam', lastName: 'Lee' }),
      signedInUser(t),
    ])
    const sent = await sender.client.post('/api/connections/friend-requests', {
      receiverId: receiver.profile.id,
    })
    await runNoticeEmails(t)
    const [mail] = await mailTo(t, receiver.profile.email)
    expect(mail!.subject).toBe('New Friend Request')
    expect(mail!.text).toContain('Sam Lee wants to be your friend')
    expectEmailButton(mail!, 'Answer the request', `/connections?view=received&request=${sent.body.id}`)
  })
})

describe('a PlayDate’s emails', () => {
  it('ask the creator to answer an application, and send the team that was not chosen to other PlayDates', async () => {
    const [creator, partner, first, firstPartner, second, secondPartner] = await Promise.all(
      ['Maya', 'Sam', 'Cal', 'Jo', 'Ida', 'Lou'].map((firstName) => signedInUser(t, { firstName })),
    )
    await befriend(t.db, creator!, partner!)
    await befriend(t.db, first!, firstPartner!)
    await befriend(t.db, second!, secondPartner!)
    const venue = await insertVenue(t.db, { name: 'Red Mountain Pickleball Park', city: 'Mesa' })
    const created = await creator!.client.post(
      '/api/play-dates',
      playDateBody(partner!.profile.id, { venueId: venue.id }),
    )
    const id = created.body.id as string
    const applied = await first!.client.post(`/api/play-dates/${id}/requests`, {
      partnerId: firstPartner!.profile.id,
    })
    await second!.client.post(`/api/play-dates/${id}/requests`, { partnerId: secondPartner!.profile.id })
    await runNoticeEmails(t)
    const label = (await creator!.client.get('/api/notifications')).body.items[0].game.label as string
    const [application] = await mailTo(t, creator!.profile.email)
    expect(application!.subject).toBe(`New application: ${label}`)
    expectEmailButton(application!, 'Answer the application', `/playdates/${id}`)

    expect((await creator!.client.post(`/api/play-dates/requests/${applied.body.id}/accept`)).status).toBe(
      200,
    )
    await runNoticeEmails(t)
    const [declined] = await mailTo(t, second!.profile.email)
    expect(declined!.subject).toBe(`Application declined: ${label}`)
    expect(declined!.text).toContain(`The game: ${label}.`)
    expectEmailButton(declined!, 'Find another PlayDate', '/playdates?tab=available')
    expectEmailButton((await mailTo(t, first!.profile.email))[0]!, 'Open the PlayDate', `/playdates/${id}`)
  })

  it('do not ask the creator in the morning to answer an application answered in the night', async () => {
    // 11 PM in Phoenix: in every player's default quiet hours, so the email waits for 8 AM.
    const night = new Date('2027-06-10T06:00:00Z')
    t.clock.set(night)
    const [creator, partner, applicant, applicantPartner] = await Promise.all(
      ['Maya', 'Sam', 'Cal', 'Jo'].map((firstName) => signedInUser(t, { firstName })),
    )
    await befriend(t.db, creator!, partner!)
    await befriend(t.db, applicant!, applicantPartner!)
    const created = await creator!.client.post(
      '/api/play-dates',
      playDateBody(partner!.profile.id, { startDate: '2027-06-17' }),
    )
    expect(created.status).toBe(201)
    const applied = await applicant!.client.post(`/api/play-dates/${created.body.id}/requests`, {
      partnerId: applicantPartner!.profile.id,
    })
    expect(applied.status).toBe(201)
    const applications = async (p: SignedInPlayer) =>
      (await mailTo(t, p.profile.email)).filter((m) => m.subject.startsWith('New application'))
    await runNoticeEmails(t, night)
    expect(await applications(creator!)).toEqual([])
    expect((await partner!.client.post(`/api/play-dates/requests/${applied.body.id}/decline`)).status).toBe(
      200,
    )
    await runNoticeEmails(t, nextNoonInPhoenix(night))
    expect(await applications(creator!)).toEqual([])
    expect(await applications(partner!)).toEqual([])
    expect((await mailTo(t, applicant!.profile.email)).map((m) => m.subject.split(':')[0])).toEqual([
      'Application declined',
    ])
  })

  it('quote no chat to a player who dropped out of the game before its digest left', async () => {
    const noon = nextNoonInPhoenix(new Date())
    t.clock.set(noon)
    const [creator, partner, applicant, applicantPartner] = await Promise.all(
      ['Maya', 'Sam', 'Cal', 'Jo'].map((firstName) => signedInUser(t, { firstName })),
    )
    const venue = await insertVenue(t.db, { name: 'Red Mountain Pickleball Park', city: 'Mesa' })
    const startsAt = new Date(noon.getTime() + 3 * 24 * 60 * MINUTE)
    const game = await insertMatchedPlayDate(t.db, [creator!, partner!], [applicant!, applicantPartner!], {
      startsAt,
      timeZone: 'America/Phoenix',
      durationMinutes: 120,
      venueId: venue.id,
    })
    const said = await creator!.client.post(`/api/play-dates/${game.id}/messages`, {
      content: 'Court 3 at 8',
    })
    expect(said.status).toBe(201)
    t.clock.set(new Date(noon.getTime() + 2 * MINUTE))
    expect((await applicantPartner!.client.post(`/api/play-dates/${game.id}/leave`, {})).status).toBe(200)
    const digests = { [CHAT_DIGEST_JOB]: jobHandlers(t.deps)[CHAT_DIGEST_JOB]! }
    await runDueJobs(t.db, digests, new Date(noon.getTime() + 30 * MINUTE))
    const chats = async (p: SignedInPlayer) =>
      (await mailTo(t, p.profile.email)).filter((m) => m.subject.startsWith('New messages'))
    expect(await chats(applicantPartner!)).toEqual([])
    const [mail] = await chats(applicant!)
    expect(mail!.subject).toBe(
      `New messages: ${gameLabel({ startsAt, timeZone: 'America/Phoenix', venue: venue.name })}`,
    )
    expectEmailButton(mail!, 'Open the chat', `/playdates/${game.id}#team-chat`)
  })
})

describe('a result’s email', () => {
  it('opens the result on the PlayDate’s page', async () => {
    const player = await signedInUser(t)
    await createNotifications(t.db, [
      {
        userId: player.profile.id,
        type: 'other',
        title: 'Confirm the result',
        message: 'Ann Lee reported the result: won 11-7. Confirm it or report what happened.',
        link: '/playdates/00000000-0000-4000-8000-000000000001#game-result',
        kind: 'results',
      },
    ])
    await runNoticeEmails(t)
    const [mail] = await mailTo(t, player.profile.email)
    expectEmailButton(mail!, 'Open the result', '/playdates/00000000-0000-4000-8000-000000000001#game-result')
  })
})
