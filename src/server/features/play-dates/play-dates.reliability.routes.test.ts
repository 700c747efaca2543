import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PAUSED_MESSAGE } from '../../../domain/auth/auth.messages'
import { RELIABILITY_IDS_MAX, RELIABILITY_MESSAGES } from '../../../domain/play-dates/results'
import { playDateRequests, playDates } from '../../db/schema'
import { signedInUser } from '../../testing/factories'
import { createClient, createTestApp, type TestApp } from '../../testing/test-app'

// GET /api/profiles/reliability: the records of the players a list's cards show, counted from
// the PlayDates as the public profile counts them, on PGlite and PostgreSQL.

let t: TestApp
const NOW = new Date('2026-12-05T15:00:00Z')
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 24 * 60 * 60_000)
beforeAll(async () => {
  t = await createTestApp()
  t.clock.set(NOW)
})
afterAll(() => t.close())

type Player = Awaited<ReturnType<typeof signedInUser>>
interface Teams {
  creator: Player
  partner: Player
  requester: Player
  requesterPartner: Player
}

type Ending =
  | { kind: 'played' }
  | { kind: 'no_show'; absent: 'creator' | 'responding' }
  | { kind: 'late_cancel'; team: 'creator' | 'responding' }
  | { kind: 'disputed' }

// A matched game straight in the database, ended as told, started `days` ago.
async function game(
  teams: Teams,
  ending: Ending,
  days = 30,
  requestStatus: 'accepted' | 'declined' = 'accepted',
) {
  const startsAt = daysAgo(days)
  const settled = { resultSettledBy: 'agreed' as const, resultSettledAt: startsAt }
  const [row] = await t.db
    .insert(playDates)
    .values({
      creatorId: teams.creator.profile.id,
      partnerId: teams.partner.profile.id,
      type: 'challenge',
      state: 'AZ',
      regions: ['east_valley'],
      paymentPerHourMin: 25,
      paymentPerHourMax: 25,
      description: 'Doubles',
      startsAt,
      timeZone: 'America/Phoenix',
      durationMinutes: 90,
      createdAt: daysAgo(days + 7),
      ...(ending.kind === 'played'
        ? {
            status: 'completed' as const,
            resultOutcome: 'played' as const,
            resultPointsTo: 11,
            resultGames: [{ creatorTeam: 11, respondingTeam: 7 }],
            ...settled,
          }
        : ending.kind === 'no_show'
          ? {
              status: 'completed' as const,
              resultOutcome: 'no_show' as const,
              resultAbsentTeam: ending.absent,
              ...settled,
            }
          : ending.kind === 'late_cancel'
            ? { status: 'cancelled' as const, lateCancel: true, cancelledTeam: ending.team }
            : { status: 'matched' as const, disputedAt: daysAgo(days - 1) }),
    })
    .returning({ id: playDates.id })
  await t.db.insert(playDateRequests).values({
    playDateId: row!.id,
    requesterId: teams.requester.profile.id,
    requesterPartnerId: teams.requesterPartner.profile.id,
    status: requestStatus,
  })
}

const players = () =>
  Promise.all([signedInUser(t), signedInUser(t), signedInUser(t), signedInUser(t)]).then(
    ([creator, partner, requester, requesterPartner]) =>
      ({ creator, partner, requester, requesterPartner }) as Teams,
  )

const recordsUrl = (ids: string[]) => `/api/profiles/reliability?ids=${ids.join(',')}`

describe('the records of a list’s players', () => {
  it('count games played, the player’s team’s no-shows and late cancels, as the PlayDates say', async () => {
    const g = await players()
    const swapped: Teams = {
      creator: g.requester,
      partner: g.requesterPartner,
      requester: g.creator,
      requesterPartner: g.partner,
    }
    // Two games played, once on each side.
    await game(g, { kind: 'played' })
    await game(swapped, { kind: 'played' }, 60)
    // The creator's team did not show once; the other team once.
    await game(g, { kind: 'no_show', absent: 'creator' }, 20)
    await game(g, { kind: 'no_show', absent: 'responding' }, 10)
    // The creator's team cancelled late once, here as the responding team.
    await game(swapped, { kind: 'late_cancel', team: 'responding' }, 5)
    // Not counted: a disputed game, a game older than 12 months.
    await game(g, { kind: 'disputed' }, 3)
    await game(g, { kind: 'no_show', absent: 'creator' }, 370)

    const viewer = await signedInUser(t)
    const res = await viewer.client.get(
      recordsUrl([
        g.creator.profile.id,
        g.partner.profile.id,
        g.requester.profile.id,
        g.requesterPartner.profile.id,
      ]),
    )
    expect(res.status).toBe(200)
    expect(res.body.items).toEqual([
      { playerId: g.creator.profile.id, played: 2, noShows: 1, lateCancels: 1, replaced: 0, savedGames: 0 },
      { playerId: g.partner.profile.id, played: 2, noShows: 1, lateCancels: 1, replaced: 0, savedGames: 0 },
      { playerId: g.requester.profile.id, played: 2, noShows: 1, lateCancels: 0, replaced: 0, savedGames: 0 },
      {
        playerId: g.requesterPartner.profile.id,
        played: 2,
        noShows: 1,
        lateCancels: 0,
        replaced: 0,
        savedGames: 0,
      },
    ])
    // The same record as the public profile's.
    for (const item of res.body.items) {
      const profile = await viewer.client.get(`/api/profiles/${item.playerId}`)
      const { playerId: _, ...record } = item
      expect(profile.body.reliability).toEqual(record)
    }
  })

  it('count nothing for a team whose application was not accepted', async () => {
    const g = await players()
    await game(g, { kind: 'played' }, 30, 'declined')
    const res = await g.creator.client.get(recordsUrl([g.requester.profile.id, g.creator.profile.id]))
    expect(res.body.items).toEqual([
      { playerId: g.requester.profile.id, played: 0, noShows: 0, lateCancels: 0, replaced: 0, savedGames: 0 },
      { playerId: g.creator.profile.id, played: 1, noShows: 0, lateCancels: 0, replaced: 0, savedGames: 0 },
    ])
  })

  it('answer every id asked for once, in the order asked; an unknown id gets zeros', async () => {
    const g = await players()
    await game(g, { kind: 'played' })
    const unknown = randomUUID()
    const id = g.creator.profile.id
    const res = await g.partner.client.get(recordsUrl([unknown, id.toUpperCase(), id]))
    expect(res.status).toBe(200)
    expect(res.body.items).toEqual([
      { playerId: unknown, played: 0, noShows: 0, lateCancels: 0, replaced: 0, savedGames: 0 },
      { playerId: id, played: 1, noShows: 0, lateCancels: 0, replaced: 0, savedGames: 0 },
    ])
  })

  it(`take up to ${RELIABILITY_IDS_MAX} players at a time`, async () => {
    const viewer = await signedInUser(t)
    const ids = Array.from({ length: RELIABILITY_IDS_MAX }, () => randomUUID())
    const most = await viewer.client.get(recordsUrl(ids))
    expect(most.status).toBe(200)
    expect(most.body.items).toHaveLength(RELIABILITY_IDS_MAX)

    const tooMany = await viewer.client.get(recordsUrl([...ids, randomUUID()]))
    expect(tooMany.status).toBe(400)
    expect(tooMany.body).toEqual({
      error: {
        code: 'invalid',
        message: RELIABILITY_MESSAGES.tooMany,
        fields: { ids: RELIABILITY_MESSAGES.tooMany },
      },
    })
  })

  it('refuse a missing, empty or malformed list of ids', async () => {
    const viewer = await signedInUser(t)
    for (const [url, message] of [
      ['/api/profiles/reliability', RELIABILITY_MESSAGES.noIds],
      ['/api/profiles/reliability?ids=', RELIABILITY_MESSAGES.noIds],
      ['/api/profiles/reliability?ids=me', RELIABILITY_MESSAGES.invalidId],
      [recordsUrl([randomUUID(), '']), RELIABILITY_MESSAGES.invalidId],
      [recordsUrl([randomUUID(), "1' or '1'='1"]), RELIABILITY_MESSAGES.invalidId],
    ] as const) {
      const res = await viewer.client.get(url)
      expect(res.status, url).toBe(400)
      expect(res.body, url).toEqual({ error: { code: 'invalid', message, fields: { ids: message } } })
    }
  })

  it('are for signed-in players only; a paused player is refused', async () => {
    const ids = [randomUUID()]
    const signedOut = await createClient(t.app).get(recordsUrl(ids))
    expect(signedOut.status).toBe(401)
    expect(signedOut.body.error.code).toBe('unauthenticated')

    const paused = await signedInUser(t, { isPaused: true })
    const refused = await paused.client.get(recordsUrl(ids))
    expect(refused.status).toBe(403)
    expect(refused.body.error).toMatchObject({ code: 'forbidden', message: PAUSED_MESSAGE })
  })
})
