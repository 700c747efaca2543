import { TZDate } from '@date-fns/tz'
import { type APIRequestContext, type Browser, type BrowserContext, expect } from '@playwright/test'
import { befriend, createPlayer, currentUserId, headers, moveClock, type Player } from './players'
import { signedInPhoneContext } from './devices'

// Full games for the waitlist, offers and subs journeys (docs/decisions/0152): players on phones,
// a matched game at a time of day in Arizona, and the server's clock moved to a moment before it.

export const ARIZONA = 'America/Phoenix'

// A player signed in on a 390 px phone of their own.
export async function phonePlayer(browser: Browser, firstName: string, lastName: string) {
  const player = await createPlayer({ firstName, lastName })
  return { context: await signedInPhoneContext(browser, player), player }
}

// `hour`:00 in Arizona, `days` days from today there.
export function arizonaTime(days: number, hour: number) {
  const now = new TZDate(Date.now(), ARIZONA)
  return new TZDate(now.getFullYear(), now.getMonth(), now.getDate() + days, hour, 0, 0, ARIZONA)
}

const dateOf = (at: TZDate) =>
  `${at.getFullYear()}-${String(at.getMonth() + 1).padStart(2, '0')}-${String(at.getDate()).padStart(2, '0')}`

// A matched game at `startsAt` at Red Mountain Pickleball Park: the first two players posted it as
// friends (made here unless `alreadyFriends`), the other two applied together and were accepted.
export async function matchedGame(
  players: readonly [BrowserContext, BrowserContext, BrowserContext, BrowserContext],
  startsAt: TZDate,
  { alreadyFriends = false } = {},
) {
  const [creator, partner, applicant, applicantPartner] = players
  if (!alreadyFriends) {
    await befriend(creator, partner)
    await befriend(applicant, applicantPartner)
  }
  const created = await creator.request.post('/api/play-dates', {
    headers,
    data: {
      type: 'challenge',
      state: 'AZ',
      regions: ['east_valley'],
      partnerId: await currentUserId(partner),
      amount: 30,
      description: 'Morning doubles',
      place: 'Red Mountain Pickleball Park',
      startDate: dateOf(startsAt),
      startTime: `${String(startsAt.getHours()).padStart(2, '0')}:00`,
    },
  })
  expect(created.status(), await created.text()).toBe(201)
  const { id } = (await created.json()) as { id: string }
  const applied = await applicant.request.post(`/api/play-dates/${id}/requests`, {
    headers,
    data: { partnerId: await currentUserId(applicantPartner) },
  })
  expect(applied.status(), await applied.text()).toBe(201)
  const { id: requestId } = (await applied.json()) as { id: string }
  const accepted = await creator.request.post(`/api/play-dates/requests/${requestId}/accept`, { headers })
  expect(accepted.status(), await accepted.text()).toBe(200)
  return id
}

// The server's clock, moved forward to moments of a journey and back by as much at its end, so it
// keeps following the real time for the journeys after it.
export function journeyClock(request: APIRequestContext) {
  let advanced = 0
  return {
    async moveTo(at: Date) {
      const now = new Date((await moveClock(request, 0)).now)
      const minutes = Math.ceil((at.getTime() - now.getTime()) / 60_000)
      await moveClock(request, minutes)
      advanced += minutes
    },
    async restore() {
      await moveClock(request, -advanced)
      advanced = 0
    },
  }
}

interface Mail {
  subject: string
  text: string
}

// The player's mail whose subject starts with `subject`, newest first.
export async function mailOf(request: APIRequestContext, player: Player, subject: string) {
  const res = await request.get(`/api/dev/mail?to=${encodeURIComponent(player.email)}`)
  return ((await res.json()) as Mail[]).filter((m) => m.subject.startsWith(subject))
}
