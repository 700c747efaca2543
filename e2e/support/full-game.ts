import { TZDate } from '@date-fns/tz'
import { type APIRequestContext, type Browser, type BrowserContext, expect } from '@playwright/test'
import {
  applyAndAccept,
  befriend,
  createPlayer,
  currentUserId,
  headers,
  moveClock,
  type Player,
  postPlayDate,
} from './players'
import { signedInDeviceContext, signedInPhoneContext } from './devices'

// Full games for the waitlist, offers and subs journeys (docs/decisions/0152): players on phones,
// a matched game at a time of day in Arizona, and the server's clock moved to a moment before it.

export const ARIZONA = 'America/Phoenix'

// A player signed in on a 390 px phone of their own.
export async function phonePlayer(browser: Browser, firstName: string, lastName: string) {
  const player = await createPlayer({ firstName, lastName })
  return { context: await signedInPhoneContext(browser, player), player }
}

// Ivy and Jon's Earn game of an hour and a half ("$35/hour · 1.5 h · $52.50", the widest price
// line), that Kim and Lee applied to together: four players on phones of their own, all named
// `lastName`. `accept()` matches it; `kim` is the applying team's captain.
export async function earnGameApplied(browser: Browser, lastName: string) {
  const [ivy, jon, kim, lee] = await Promise.all(
    ['Ivy', 'Jon', 'Kim', 'Lee'].map((name) => phonePlayer(browser, name, lastName)),
  )
  await befriend(ivy!.context, jon!.context)
  await befriend(kim!.context, lee!.context)
  const id = await postPlayDate(ivy!.context, 'Ninety minutes of drills', {
    type: 'earn',
    amount: 35,
    durationMinutes: 90,
    partnerWanted: false,
    partnerId: await currentUserId(jon!.context),
  })
  const applied = await kim!.context.request.post(`/api/play-dates/${id}/requests`, {
    headers,
    data: { partnerId: await currentUserId(lee!.context) },
  })
  expect(applied.status(), await applied.text()).toBe(201)
  const { id: requestId } = (await applied.json()) as { id: string }
  const accept = async () => {
    const accepted = await ivy!.context.request.post(`/api/play-dates/requests/${requestId}/accept`, {
      headers,
    })
    expect(accepted.status(), await accepted.text()).toBe(200)
  }
  return { ivy: ivy!, kim: kim!, id, accept }
}

// `hour`:00 in Arizona, `days` days from today there.
export function arizonaTime(days: number, hour: number) {
  const now = new TZDate(Date.now(), ARIZONA)
  return new TZDate(now.getFullYear(), now.getMonth(), now.getDate() + days, hour, 0, 0, ARIZONA)
}

export const dateOf = (at: TZDate) =>
  `${at.getFullYear()}-${String(at.getMonth() + 1).padStart(2, '0')}-${String(at.getDate()).padStart(2, '0')}`

type Foursome = readonly [BrowserContext, BrowserContext, BrowserContext, BrowserContext]

// A $30 Pay PlayDate in the East Valley, posted by the first two players with what `details` adds
// (its description, day, time and place); the other two applied together and were accepted.
async function postMatchedPlayDate(players: Foursome, details: Record<string, string>) {
  const [creator, partner, applicant, applicantPartner] = players
  const created = await creator.request.post('/api/play-dates', {
    headers,
    data: {
      type: 'challenge',
      state: 'AZ',
      regions: ['east_valley'],
      partnerId: await currentUserId(partner),
      amount: 30,
      ...details,
    },
  })
  expect(created.status(), await created.text()).toBe(201)
  const { id, startsAt } = (await created.json()) as { id: string; startsAt: string }
  await applyAndAccept(creator, applicant, applicantPartner, id)
  return { id, startsAt }
}

// A matched game at `startsAt` at Red Mountain Pickleball Park: the first two players posted it as
// friends (made here unless `alreadyFriends`), the other two applied together and were accepted.
export async function matchedGame(players: Foursome, startsAt: TZDate, { alreadyFriends = false } = {}) {
  const [creator, partner, applicant, applicantPartner] = players
  if (!alreadyFriends) {
    await befriend(creator, partner)
    await befriend(applicant, applicantPartner)
  }
  const { id } = await postMatchedPlayDate(players, {
    description: 'Morning doubles',
    place: 'Red Mountain Pickleball Park',
    startDate: dateOf(startsAt),
    startTime: `${String(startsAt.getHours()).padStart(2, '0')}:00`,
  })
  return id
}

// A matched game with no place named, `days` days from today (UTC) at `startTime` in Arizona, for
// players already friends; with the moment it starts.
export const matchedPlayDate = (
  players: Foursome,
  { description, days, startTime }: { description: string; days: number; startTime: string },
) =>
  postMatchedPlayDate(players, {
    description,
    startDate: new Date(Date.now() + days * 24 * 60 * 60_000).toISOString().slice(0, 10),
    startTime,
  })

// Rosa and Sam, friends, and Tara and Uma, friends: each signed in on a device of their own, with a
// page open.
export async function rosaSamTaraUma(browser: Browser) {
  const open = async (player: Player) => {
    const context = await signedInDeviceContext(browser, player)
    return { context, page: await context.newPage() }
  }
  const [rosa, sam, tara, uma] = await Promise.all(
    [
      { firstName: 'Rosa', lastName: 'Reyes' },
      { firstName: 'Sam', lastName: 'Soto', gender: 'male' as const },
      { firstName: 'Tara', lastName: 'Tran' },
      { firstName: 'Uma', lastName: 'Ueda' },
    ].map((names) => createPlayer(names).then(open)),
  )
  const contexts = [rosa!.context, sam!.context, tara!.context, uma!.context] as const
  await befriend(rosa!.context, sam!.context)
  await befriend(tara!.context, uma!.context)
  return { rosa: rosa!, sam: sam!, tara: tara!, uma: uma!, contexts }
}

// Playwright's fake clock on a phone (or any browser context), from `time`, before its pages open.
// Its Date answers `new` with a plain Date whatever class asked (microsoft/playwright#35314), so
// @date-fns/tz's TZDate, a Date subclass, lost its zone: a game's time and day were read in the
// phone's own zone. Here `new` of a subclass keeps the subclass.
export async function installPhoneClock(context: BrowserContext, time: Date) {
  await context.clock.install({ time })
  await context.addInitScript(() => {
    const FakeDate = window.Date
    window.Date = new Proxy(FakeDate, {
      construct(target, args, newTarget) {
        const date = Reflect.construct(target, args) as Date
        if (newTarget !== window.Date) Object.setPrototypeOf(date, (newTarget as DateConstructor).prototype)
        return date
      },
    })
  })
}

// The server's clock, moved forward to moments of a journey and back by as much at its end, so it
// keeps following the real time for the journeys after it.
export function journeyClock(request: APIRequestContext) {
  let advanced = 0
  const forward = async (minutes: number) => {
    await moveClock(request, minutes)
    advanced += minutes
  }
  return {
    async moveTo(at: Date) {
      const now = new Date((await moveClock(request, 0)).now)
      await forward(Math.ceil((at.getTime() - now.getTime()) / 60_000))
    },
    forward,
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
