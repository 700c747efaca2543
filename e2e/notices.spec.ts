import { TZDate } from '@date-fns/tz'
import { type APIRequestContext, type BrowserContext, expect, test } from '@playwright/test'
import { befriend, createPlayer, currentUserId, headers, moveClock, type Player } from './support/players'
import { signedInDeviceContext } from './support/devices'
import { ARIZONA, arizonaTime, dateOf } from './support/full-game'

// Every notice by the channels each player chose (issue 53, docs/decisions/0139). Maya and Sam
// play Cal and Jo at 8:00 AM. The evening before, at 9:30 PM in Arizona, Maya cancels: a late
// cancel, and the game starts as the quiet hours end, so its email goes at once to Sam and Cal
// naming the game; Jo switched cancellation emails off in Profile Settings and gets none. Lee's
// friend request to Sam at the same hour waits in the outbox's queue until 8 AM, and nothing else
// arrives in anyone's mailbox before then. Each player's mailbox holds one email per kind they left
// on about the game (created, applied, accepted, tomorrow, cancelled), each naming it.

interface Mail {
  subject: string
  text: string
  headers: Record<string, string>
}

// The player's mail whose subject starts with `subject`, newest first.
const mailOf = async (request: APIRequestContext, player: Player, subject: string) => {
  const res = await request.get(`/api/dev/mail?to=${encodeURIComponent(player.email)}`)
  return ((await res.json()) as Mail[]).filter((m) => m.subject.startsWith(subject))
}

test('a late cancel at night reaches each player by the channels they chose, and a friend request waits for 8 AM @clock @phone-only', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000)
  const names = ['Maya', 'Sam', 'Cal', 'Jo', 'Lee']
  const players = await Promise.all(names.map((firstName) => createPlayer({ firstName, lastName: 'Court' })))
  // On a 390 px phone: Jo's settings and Sam's notifications are what players see there.
  const contexts: BrowserContext[] = []
  for (const player of players) contexts.push(await signedInDeviceContext(browser, player))
  const [maya, sam, cal, jo, lee] = contexts as [
    BrowserContext,
    BrowserContext,
    BrowserContext,
    BrowserContext,
    BrowserContext,
  ]
  const [mayaPlayer, samPlayer, calPlayer, joPlayer] = players as [Player, Player, Player, Player, Player]
  await befriend(maya, sam)
  await befriend(cal, jo)

  // Jo turns cancellation emails off in Profile Settings.
  const page = await jo.newPage()
  await page.goto('/profile')
  const row = page.getByRole('group', { name: 'Cancelled games' })
  await row.getByRole('checkbox', { name: 'Email' }).uncheck()
  // The page says it was saved: there is no button to press.
  await expect(
    page.getByRole('status').filter({ hasText: 'Saved: Cancelled games, email off.' }),
  ).toBeVisible()
  await expect
    .poll(async () => {
      const res = await jo.request.get('/api/notification-preferences')
      const items = (await res.json()).items as Array<{ kind: string; email: boolean }>
      return items.find((i) => i.kind === 'cancellations')?.email
    })
    .toBe(false)
  await page.close()

  // The game: 8:00 AM in Arizona the day after tomorrow, so the evening before is still ahead.
  const gameDay = arizonaTime(2, 8)
  const startDate = dateOf(gameDay)
  const created = await maya.request.post('/api/play-dates', {
    headers,
    data: {
      type: 'challenge',
      state: 'AZ',
      regions: ['east_valley'],
      partnerId: await currentUserId(sam),
      amount: 30,
      description: 'Morning doubles',
      place: 'Red Mountain Pickleball Park',
      startDate,
      startTime: '08:00',
    },
  })
  expect(created.status(), await created.text()).toBe(201)
  const { id } = (await created.json()) as { id: string }
  const applied = await cal.request.post(`/api/play-dates/${id}/requests`, {
    headers,
    data: { partnerId: await currentUserId(jo) },
  })
  expect(applied.status(), await applied.text()).toBe(201)
  const { id: requestId } = (await applied.json()) as { id: string }
  // By day the application's email leaves at once (the jobs due run now). In the quiet hours
  // (9 PM to 8 AM) it waits for 8 AM, and Maya's answer in between means it never leaves: she
  // is not asked to answer what she answered (docs/decisions/0206).
  const hour = new TZDate((await moveClock(request, 0)).now, ARIZONA).getHours()
  const applicationMailed = hour >= 8 && hour < 21
  expect(
    (await maya.request.post(`/api/play-dates/requests/${requestId}/accept`, { headers })).status(),
  ).toBe(200)

  // The clock moves forward by minutes, and back by as many at the end, so it keeps following the
  // real time for the journeys after this one.
  let advanced = 0
  const moveTo = async (at: Date) => {
    const now = new Date((await moveClock(request, 0)).now)
    const minutes = Math.ceil((at.getTime() - now.getTime()) / 60_000)
    await moveClock(request, minutes)
    advanced += minutes
  }
  // What the day's notices sent leaves now (the friend requests, the application): moveTo ran
  // the jobs due before it moves. Then 9:30 PM the evening before, in Arizona.
  await moveTo(new Date(gameDay.getTime() - 10.5 * 60 * 60_000))
  const sent = await lee.request.post('/api/connections/friend-requests', {
    headers,
    data: { receiverId: await currentUserId(sam) },
  })
  expect(sent.status()).toBe(201)
  expect((await maya.request.post(`/api/play-dates/${id}/cancel`, { headers })).status()).toBe(200)
  await moveTo(new Date(gameDay.getTime() - 10.5 * 60 * 60_000 + 60_000))

  const label =
    /^PlayDate cancelled: [A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2} · 8:00 AM MST at Red Mountain Pickleball Park$/
  for (const player of [samPlayer, calPlayer]) {
    await expect
      .poll(async () => (await mailOf(request, player, 'PlayDate cancelled')).map((m) => m.subject))
      .toEqual([expect.stringMatching(label)])
    const [mail] = await mailOf(request, player, 'PlayDate cancelled')
    expect(mail!.text).toContain('Maya Court cancelled the PlayDate late, under 24 hours before the start')
    expect(mail!.headers['List-Unsubscribe']).toContain('/email/unsubscribe?token=')
  }
  expect(await mailOf(request, joPlayer, 'PlayDate cancelled')).toEqual([])

  // Each player's mailbox about the game: one email for each kind they left on, its subject naming
  // the game and the day, its text what happened and who did it; Jo's has no cancellation.
  const gameMail = async (player: Player) =>
    (await mailOf(request, player, ''))
      .filter((m) => m.subject.endsWith(' · 8:00 AM MST at Red Mountain Pickleball Park'))
      .map((m) => m.subject.split(': ')[0])
      .sort()
  const application = applicationMailed ? ['New application'] : []
  expect(await gameMail(mayaPlayer)).toEqual([...application, 'PlayDate tomorrow'])
  expect(await gameMail(samPlayer)).toEqual([
    'Application accepted',
    'New PlayDate',
    ...application,
    'PlayDate cancelled',
    'PlayDate tomorrow',
  ])
  expect(await gameMail(calPlayer)).toEqual([
    'Application accepted',
    'PlayDate cancelled',
    'PlayDate tomorrow',
  ])
  expect(await gameMail(joPlayer)).toEqual(['Application accepted', 'Applied with you', 'PlayDate tomorrow'])
  if (applicationMailed) {
    const [applicationMail] = await mailOf(request, mayaPlayer, 'New application')
    expect(applicationMail!.text).toContain('Cal Court and Jo Court applied to your PlayDate')
  }
  const [accepted] = await mailOf(request, joPlayer, 'Application accepted')
  expect(accepted!.text).toContain('Maya Court accepted the application')
  // Lee's friend request at night waits. (Maya's earlier one, which Sam accepted at once, is
  // emailed only if its email left before the answer: docs/decisions/0200.)
  const leesRequest = async () =>
    (await mailOf(request, samPlayer, 'New Friend Request')).filter((m) =>
      m.text.includes('Lee Court wants to be your friend'),
    )
  expect(await leesRequest()).toEqual([])

  // The app shows both at once, the cancellation naming its game.
  const samPage = await sam.newPage()
  await samPage.goto('/notifications')
  await expect(
    samPage.getByRole('button', {
      name: /^Unread: PlayDate cancelled Maya Court cancelled the PlayDate late.+ · 8:00 AM MST at Red Mountain Pickleball Park/,
    }),
  ).toBeVisible()
  await expect(
    samPage.getByRole('button', { name: /Lee Court wants to be your friend/ }).first(),
  ).toBeVisible()

  // Through the night nothing more arrives, in any player's mailbox; at 8:00 AM the friend
  // request's email leaves.
  const mailCounts = async () =>
    Promise.all(players.map(async (player) => (await mailOf(request, player, '')).length))
  const atNight = await mailCounts()
  await moveTo(new Date(gameDay.getTime() - 60_000))
  expect(await mailCounts()).toEqual(atNight)
  await moveTo(gameDay)
  await expect.poll(async () => (await leesRequest()).length).toBe(1)
  expect(await mailOf(request, joPlayer, 'PlayDate cancelled')).toEqual([])
  await moveClock(request, -advanced)
  for (const context of contexts) await context.close()
})
