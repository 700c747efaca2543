import { millisecondsInDay } from 'date-fns/constants'
import { and, eq } from 'drizzle-orm'
import ICAL from 'ical.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ORGANISERS_ONLY } from '../../../domain/groups/group.schema'
import {
  GROUP_CLOSED_FOR_SERIES,
  OCCURRENCE_ALREADY_POSTED,
  OCCURRENCE_NOT_IN_SERIES,
  SERIES_ENDED,
} from '../../../domain/groups/series.schema'
import { formatStart } from '../../../domain/play-dates/schedule'
import { jobs, notifications, playDateRequests, playDates, profiles } from '../../db/schema'
import { jobHandlers } from '../../jobs'
import { runDueJobs } from '../../lib/jobs'
import { insertVenue, signedInUser, type SignedInPlayer } from '../../testing/factories'
import { createClient, createTestApp, type TestApp } from '../../testing/test-app'

// A group's weekly series (docs/decisions/0169-recurring-series.md), on PGlite and PostgreSQL: the
// games a job posts 14 days ahead across a change of the clocks, exactly once with two runners,
// skipping, changing and ending, who may do it, and the weekly summary.

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const DENVER = 'America/Denver'
// Monday, Oct 19, 2026, noon in Denver (MDT). The clocks go back on Sunday, Nov 1.
const MONDAY_NOON = new Date('2026-10-19T18:00:00Z')

const runJobs = () => runDueJobs(t.db, jobHandlers(t.deps), t.clock.now())
const moveTo = async (at: Date) => {
  t.clock.set(at)
  return runJobs()
}

interface Group {
  id: string
  owner: SignedInPlayer
  member: SignedInPlayer
  venueId: string
}

async function groupWithMember(): Promise<Group> {
  const owner = await signedInUser(t, { firstName: 'Olga' })
  const member = await signedInUser(t, { firstName: 'Mia' })
  const venue = await insertVenue(t.db, {
    name: 'Pickleball Central',
    city: 'Denver',
    state: 'CO',
    region: 'statewide',
    timeZone: DENVER,
  })
  const created = await owner.client.post('/api/groups', { name: 'Tuesday Dinkers', visibility: 'open' })
  expect(created.status, JSON.stringify(created.body)).toBe(201)
  const page = await owner.client.get(`/api/groups/${created.body.id}`)
  const code = (page.body.invitePath as string).split('/').pop()!
  expect((await member.client.post(`/api/groups/join/${code}`)).status).toBe(200)
  return { id: created.body.id, owner, member, venueId: venue.id }
}

const weekly = (venueId: string, changes: Record<string, unknown> = {}) => ({
  weekday: 'TU',
  startTime: '18:00',
  venueId,
  durationMinutes: 120,
  amount: 0,
  description: 'Round robin, all levels',
  opensToAll: true,
  ...changes,
})

async function startSeries(group: Group, changes: Record<string, unknown> = {}) {
  const res = await group.owner.client.post(`/api/groups/${group.id}/series`, weekly(group.venueId, changes))
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return res.body as {
    id: string
    coming: Array<{ startsAt: string; status: string; playDateId: string | null }>
  }
}

const gamesOf = (groupId: string) =>
  t.db
    .select({
      id: playDates.id,
      startsAt: playDates.startsAt,
      timeZone: playDates.timeZone,
      status: playDates.status,
      creatorId: playDates.creatorId,
      postedAlone: playDates.postedAlone,
      amount: playDates.paymentPerHourMin,
      openToAllAt: playDates.openToAllAt,
    })
    .from(playDates)
    .where(eq(playDates.groupId, groupId))
    .orderBy(playDates.startsAt)

const wallClocks = (games: Array<{ startsAt: Date | null; status: string }>) =>
  games.filter((g) => g.status !== 'cancelled').map((g) => formatStart(g.startsAt!, DENVER))

describe('group series', () => {
  it('post each Tuesday 6:00 PM game 14 days ahead, at 6:00 PM on the venue clock across the change to winter time', async () => {
    t.clock.set(MONDAY_NOON)
    const group = await groupWithMember()
    const series = await startSeries(group)
    expect(series).toMatchObject({
      weekday: 'TU',
      startTime: '18:00',
      timeZone: DENVER,
      rule: 'DTSTART;TZID=America/Denver:20261020T180000\nRRULE:FREQ=WEEKLY;BYDAY=TU',
      summary: 'Every Tuesday · 6:00 PM MDT · 2 h · Free',
    })
    expect(series.coming.map((c) => c.status)).toEqual(Array(6).fill('planned'))

    await runJobs()
    const firstTwo = await gamesOf(group.id)
    expect(wallClocks(firstTwo)).toEqual(['Tue, Oct 20 · 6:00 PM MDT', 'Tue, Oct 27 · 6:00 PM MDT'])
    expect(firstTwo[0]).toMatchObject({
      creatorId: group.owner.profile.id,
      postedAlone: true,
      amount: 0,
      status: 'open',
      openToAllAt: new Date(MONDAY_NOON.getTime() + millisecondsInDay),
    })

    // Nov 3's game enters the window 14 days before it starts: after the clocks went back.
    await moveTo(new Date('2026-10-21T00:59:00Z'))
    expect(await gamesOf(group.id)).toHaveLength(2)
    await moveTo(new Date('2026-10-21T01:00:00Z'))
    await moveTo(new Date('2026-10-28T01:00:00Z'))
    const games = await gamesOf(group.id)
    expect(wallClocks(games)).toEqual([
      'Tue, Oct 20 · 6:00 PM MDT',
      'Tue, Oct 27 · 6:00 PM MDT',
      'Tue, Nov 3 · 6:00 PM MST',
      'Tue, Nov 10 · 6:00 PM MST',
    ])
    expect(games[2]!.startsAt!.toISOString()).toBe('2026-11-04T01:00:00.000Z')

    const listed = await group.member.client.get(`/api/groups/${group.id}/series`)
    expect(listed.status).toBe(200)
    expect(listed.body.canManage).toBe(false)
    expect(listed.body.items[0].coming.slice(0, 3)).toMatchObject([
      { label: 'Tue, Nov 3 · 6:00 PM MST', status: 'posted', playDateId: games[2]!.id },
      { label: 'Tue, Nov 10 · 6:00 PM MST', status: 'posted', playDateId: games[3]!.id },
      { label: 'Tue, Nov 17 · 6:00 PM MST', status: 'planned', playDateId: null },
    ])
  })

  it('post each game once when two runners take the series at the same time', async () => {
    t.clock.set(MONDAY_NOON)
    const group = await groupWithMember()
    const series = await startSeries(group, { opensToAll: false })
    // A second turn for the same series (as a change plans one), both due now.
    await t.db.insert(jobs).values({
      kind: 'group-series-make',
      key: `group-series-make:${series.id}:extra`,
      runAt: MONDAY_NOON,
      payload: { seriesId: series.id },
    })
    await Promise.all([runJobs(), runJobs()])
    await runJobs()
    const games = await gamesOf(group.id)
    expect(wallClocks(games)).toEqual(['Tue, Oct 20 · 6:00 PM MDT', 'Tue, Oct 27 · 6:00 PM MDT'])
    // Members only: never opens to everyone.
    expect(games.every((g) => g.openToAllAt === null)).toBe(true)
  })

  it('skip a date, and put it back, before its game is posted', async () => {
    t.clock.set(MONDAY_NOON)
    const group = await groupWithMember()
    const series = await startSeries(group)
    const third = series.coming[2]!.startsAt // Nov 3
    const skipped = await group.owner.client.post(`/api/groups/${group.id}/series/${series.id}/skip`, {
      startsAt: third,
    })
    expect(skipped.status).toBe(200)
    expect(skipped.body.coming[2]).toMatchObject({ startsAt: third, status: 'skipped' })
    await runJobs()
    await moveTo(new Date('2026-10-28T01:00:00Z'))
    expect(wallClocks(await gamesOf(group.id))).toEqual([
      'Tue, Oct 20 · 6:00 PM MDT',
      'Tue, Oct 27 · 6:00 PM MDT',
      'Tue, Nov 10 · 6:00 PM MST',
    ])

    // A date that is not the series', and a game already posted, are refused.
    const offRule = await group.owner.client.post(`/api/groups/${group.id}/series/${series.id}/skip`, {
      startsAt: '2026-11-05T01:00:00Z',
    })
    expect(offRule.status).toBe(400)
    expect(offRule.body.error.message).toBe(OCCURRENCE_NOT_IN_SERIES)
    const posted = await group.owner.client.post(`/api/groups/${group.id}/series/${series.id}/skip`, {
      startsAt: '2026-11-11T01:00:00.000Z',
    })
    expect(posted.status).toBe(409)
    expect(posted.body.error.message).toBe(OCCURRENCE_ALREADY_POSTED)

    // Put back: posted at once, as it is less than 14 days away.
    const restored = await group.owner.client.post(`/api/groups/${group.id}/series/${series.id}/restore`, {
      startsAt: third,
    })
    expect(restored.status).toBe(200)
    await runJobs()
    expect(wallClocks(await gamesOf(group.id))).toContain('Tue, Nov 3 · 6:00 PM MST')
  })

  it('change what lies ahead: unanswered games are posted again, a game with an applicant stays', async () => {
    t.clock.set(MONDAY_NOON)
    const group = await groupWithMember()
    const series = await startSeries(group)
    await runJobs()
    const [first, second] = await gamesOf(group.id)
    // Mia applies alone to the first game.
    await t.db.insert(playDateRequests).values({
      playDateId: first!.id,
      requesterId: group.member.profile.id,
      solo: true,
    })
    const changed = await group.owner.client.put(
      `/api/groups/${group.id}/series/${series.id}`,
      weekly(group.venueId, { startTime: '19:00', amount: 5 }),
    )
    expect(changed.status, JSON.stringify(changed.body)).toBe(200)
    expect(changed.body.summary).toBe('Every Tuesday · 7:00 PM MDT · 2 h · $5/hour')
    await runJobs()
    const games = await gamesOf(group.id)
    expect(games.find((g) => g.id === first!.id)).toMatchObject({ status: 'open', amount: 0 })
    expect(games.find((g) => g.id === second!.id)).toMatchObject({ status: 'cancelled' })
    // Oct 20 keeps its 6:00 PM game (no second one that day); Oct 27 is posted again at 7:00 PM.
    expect(wallClocks(games)).toEqual(['Tue, Oct 20 · 6:00 PM MDT', 'Tue, Oct 27 · 7:00 PM MDT'])
    expect(games.at(-1)).toMatchObject({ amount: 5 })
  })

  it('end: no more games, the posted ones stay, and no more changes', async () => {
    t.clock.set(MONDAY_NOON)
    const group = await groupWithMember()
    const series = await startSeries(group)
    await runJobs()
    const ended = await group.owner.client.post(`/api/groups/${group.id}/series/${series.id}/end`)
    expect(ended.status).toBe(200)
    expect(ended.body.endedAt).toBe(MONDAY_NOON.toISOString())
    expect(ended.body.coming.map((c: { status: string }) => c.status)).toEqual(['posted', 'posted'])
    await moveTo(new Date('2026-10-29T00:00:00Z'))
    expect(await gamesOf(group.id)).toHaveLength(2)
    const change = await group.owner.client.put(
      `/api/groups/${group.id}/series/${series.id}`,
      weekly(group.venueId),
    )
    expect(change.status).toBe(409)
    expect(change.body.error.message).toBe(SERIES_ENDED)
  })

  it('stop in a group an admin closed: no more games, no changes, no new series', async () => {
    t.clock.set(MONDAY_NOON)
    const group = await groupWithMember()
    const series = await startSeries(group)
    await runJobs()
    expect(await gamesOf(group.id)).toHaveLength(2)
    const admin = await signedInUser(t, { firstName: 'Ada', isAdmin: true })
    expect((await admin.client.post(`/api/admin/groups/${group.id}/close`)).status).toBe(204)
    // Three weeks on, the job posted nothing more; the games posted before stay.
    await moveTo(new Date(MONDAY_NOON.getTime() + 21 * millisecondsInDay))
    expect(await gamesOf(group.id)).toHaveLength(2)
    const change = await group.owner.client.put(
      `/api/groups/${group.id}/series/${series.id}`,
      weekly(group.venueId, { startTime: '19:00' }),
    )
    expect(change.status).toBe(409)
    expect(change.body.error.message).toBe(GROUP_CLOSED_FOR_SERIES)
    const another = await group.owner.client.post(`/api/groups/${group.id}/series`, weekly(group.venueId))
    expect(another.status).toBe(409)
    expect(another.body.error.message).toBe(GROUP_CLOSED_FOR_SERIES)
  })

  it('are run by organisers only, and seen by members only', async () => {
    t.clock.set(MONDAY_NOON)
    const group = await groupWithMember()
    const refused = await group.member.client.post(`/api/groups/${group.id}/series`, weekly(group.venueId))
    expect(refused.status).toBe(403)
    expect(refused.body.error.message).toBe(ORGANISERS_ONLY)
    const series = await startSeries(group)
    for (const [path, body] of [
      [`/series/${series.id}/skip`, { startsAt: series.coming[1]!.startsAt }],
      [`/series/${series.id}/end`, {}],
    ] as const) {
      const res = await group.member.client.post(`/api/groups/${group.id}${path}`, body)
      expect(res.status).toBe(403)
    }
    const change = await group.member.client.put(
      `/api/groups/${group.id}/series/${series.id}`,
      weekly(group.venueId),
    )
    expect(change.status).toBe(403)

    // Once an organiser, Mia runs it too.
    await group.owner.client.put(`/api/groups/${group.id}/members/${group.member.profile.id}/role`, {
      role: 'organiser',
    })
    const skipped = await group.member.client.post(`/api/groups/${group.id}/series/${series.id}/skip`, {
      startsAt: series.coming[1]!.startsAt,
    })
    expect(skipped.status).toBe(200)

    const stranger = await signedInUser(t, { firstName: 'Sid' })
    expect((await stranger.client.get(`/api/groups/${group.id}/series`)).status).toBe(404)
    expect((await stranger.client.post(`/api/groups/${group.id}/series`, weekly(group.venueId))).status).toBe(
      404,
    )
  })

  it('are hosted by the owner once their host is no longer an organiser', async () => {
    t.clock.set(MONDAY_NOON)
    const group = await groupWithMember()
    const roleOf = (role: 'organiser' | 'member') =>
      group.owner.client.put(`/api/groups/${group.id}/members/${group.member.profile.id}/role`, { role })
    await roleOf('organiser')
    const started = await group.member.client.post(`/api/groups/${group.id}/series`, weekly(group.venueId))
    expect(started.status).toBe(201)
    expect(started.body.host.id).toBe(group.member.profile.id)
    await roleOf('member')
    await runJobs()
    const games = await gamesOf(group.id)
    expect(games).toHaveLength(2)
    expect(games.every((g) => g.creatorId === group.owner.profile.id)).toBe(true)
  })

  it('send members one summary a week of the coming games, on Monday morning', async () => {
    t.clock.set(MONDAY_NOON)
    const group = await groupWithMember()
    await startSeries(group)
    await runJobs()
    const summaries = async () =>
      t.db
        .select({ title: notifications.title, message: notifications.message, userId: notifications.userId })
        .from(notifications)
        .where(and(eq(notifications.userId, group.member.profile.id), eq(notifications.kind, 'group_games')))
    expect(await summaries()).toEqual([])
    // Monday, Oct 26, 8:00 AM in Denver.
    await moveTo(new Date('2026-10-26T14:00:00Z'))
    await runJobs()
    expect(await summaries()).toEqual([
      {
        title: 'This week with Tuesday Dinkers',
        message: 'Tue, Oct 27 · 6:00 PM MDT at Pickleball Central.',
        userId: group.member.profile.id,
      },
    ])
    // The rest of the week: nothing more; the next Monday (after the clocks changed), the next one.
    await moveTo(new Date('2026-11-01T14:00:00Z'))
    expect(await summaries()).toHaveLength(1)
    await moveTo(new Date('2026-11-02T15:00:00Z'))
    await runJobs()
    const both = await summaries()
    expect(both).toHaveLength(2)
    expect(both.map((s) => s.message)).toContain('Tue, Nov 3 · 6:00 PM MST at Pickleball Central.')
    // The owner gets it too: one notice per member and week.
    const count = async (userId: string) =>
      (
        await t.db
          .select({ id: notifications.id })
          .from(notifications)
          .where(and(eq(notifications.userId, userId), eq(notifications.kind, 'group_games')))
      ).length
    expect(await count(group.owner.profile.id)).toBe(2)
    // A member an admin paused hears nothing the next Monday; the others do.
    await t.db.update(profiles).set({ isPaused: true }).where(eq(profiles.id, group.member.profile.id))
    await moveTo(new Date('2026-11-09T15:00:00Z'))
    await runJobs()
    expect(await count(group.member.profile.id)).toBe(2)
    expect(await count(group.owner.profile.id)).toBe(3)
  })

  it('are in a member’s calendar feed once: the series with its rule, less the skipped dates and the games they play', async () => {
    t.clock.set(MONDAY_NOON)
    const group = await groupWithMember()
    const series = await startSeries(group)
    await runJobs()
    const [first] = await gamesOf(group.id)
    // Mia plays the first game (she is the host's partner); Nov 3 is skipped.
    await t.db.insert(playDateRequests).values({
      playDateId: first!.id,
      requesterId: group.member.profile.id,
      solo: true,
      status: 'accepted',
    })
    await group.owner.client.post(`/api/groups/${group.id}/series/${series.id}/skip`, {
      startsAt: '2026-11-04T01:00:00.000Z',
    })
    const url = new URL((await group.member.client.post('/api/calendar-feed')).body.url)
    const feed = await createClient(t.app).get(url.pathname)
    expect(feed.status).toBe(200)
    const vevents = new ICAL.Component(ICAL.parse(feed.text)).getAllSubcomponents('vevent')
    const starts: string[] = []
    for (const vevent of vevents) {
      const event = new ICAL.Event(vevent)
      const iterator = event.iterator()
      for (let next = iterator.next(); next && starts.length < 20; next = iterator.next()) {
        const start = next.toJSDate()
        if (start >= new Date('2026-11-18T00:00:00Z')) break
        starts.push(`${formatStart(start, DENVER)}: ${event.uid.split('-')[0]}`)
      }
    }
    // Oct 20 as Mia's PlayDate, Oct 27 and Nov 10 as the series, Nov 3 nowhere.
    expect(starts.sort()).toEqual([
      'Tue, Nov 10 · 6:00 PM MST: series',
      'Tue, Oct 20 · 6:00 PM MDT: playdate',
      'Tue, Oct 27 · 6:00 PM MDT: series',
    ])
  })
})
