import { expect, test } from '@playwright/test'
import { openAvailableFilters } from './support/layout'
import { addVenue, befriend, createPlayer, moveClock, type Player, signInAdmin } from './support/players'
import { signedInDeviceContext } from './support/devices'

// A PlayDate as a game four people show up to: Rosa posts one for next Saturday at 8:00 AM at a
// venue, Tara finds it with the date filter from her home area, applies with Uma (who hears of
// it at once), Rosa accepts; both teams see when and where, the calendar entry downloads, the
// chat is one tap from the dashboard, and the reminder arrives once the server's clock passes
// 24 hours before the start.

// The coming Saturday in Arizona (never today), and the date filter that finds it.
function comingSaturday() {
  const phoenix = new Date(Date.now() - 7 * 3600_000)
  const weekday = phoenix.getUTCDay()
  const ahead = (6 - weekday + 7) % 7 || 7
  const date = new Date(phoenix.getTime() + ahead * 86_400_000).toISOString().slice(0, 10)
  const filter =
    weekday >= 1 && weekday <= 5
      ? { chip: 'This weekend', when: 'weekend' }
      : weekday === 0
        ? { chip: 'Next 7 days', when: 'week' }
        : { chip: 'Choose dates', when: 'range' }
  return { date, filter }
}

test(
  'a game on the calendar: made for Saturday at a venue, found by date, joined, reminded',
  { tag: ['@phone-only', '@clock'] },
  async ({ browser, baseURL }) => {
    test.setTimeout(180_000)
    const run = Math.random().toString(36).slice(2, 6)
    const venueName = `Kiwanis Park Courts ${run}`
    const admin = await browser.newContext({ baseURL })
    await signInAdmin(admin)
    await addVenue(admin.request, { name: venueName, courts: 8 })
    await admin.close()

    const names = {
      rosa: { firstName: 'Rosa', lastName: 'Reyes' },
      sam: { firstName: 'Sam', lastName: 'Soto' },
      tara: { firstName: 'Tara', lastName: 'Tran' },
      uma: { firstName: 'Uma', lastName: 'Ueda' },
    }
    const open = async (player: Player) => {
      const context = await signedInDeviceContext(browser, player)
      return { context, page: await context.newPage() }
    }
    const [rosa, sam, tara, uma] = await Promise.all([
      createPlayer({ ...names.rosa, duprRating: 4.2, selfRating: 4.0 }).then(open),
      createPlayer({ ...names.sam, gender: 'male', duprRating: 4.4, selfRating: 4.25 }).then(open),
      createPlayer({ ...names.tara, duprRating: 3.4, selfRating: 3.5 }).then(open),
      createPlayer({ ...names.uma, duprRating: 3.6, selfRating: 3.5 }).then(open),
    ])
    await befriend(rosa!.context, sam!.context)
    await befriend(tara!.context, uma!.context)
    const { date, filter } = comingSaturday()

    // Rosa makes the game: Saturday 8:00 AM at the venue.
    const r = rosa!.page
    await r.goto('/create-playdate')
    await r.getByRole('radio', { name: 'Pay to Challenge' }).check()
    await r.getByRole('button', { name: 'Continue' }).click()
    await expect(r.getByRole('heading', { level: 1, name: 'Select State' })).toBeVisible()
    await r.getByRole('button', { name: 'Continue' }).click()
    await r.getByRole('checkbox', { name: /East Valley/ }).check()
    await r.getByRole('button', { name: 'Continue' }).click()
    await r.getByRole('button', { name: /Sam Soto/ }).click()
    await r.getByRole('button', { name: 'Next' }).click()
    await r.getByRole('spinbutton', { name: 'Amount to Pay (per hour)' }).fill('30')
    await r.getByLabel('Date', { exact: true }).fill(date)
    await r.getByLabel('Start time').fill('08:00')
    // The venue, found by searching the list.
    await r.getByRole('searchbox', { name: 'Search venues' }).fill(`kiwanis ${run}`)
    await expect(r.getByText('1 venue matches')).toBeVisible()
    await expect(r.getByLabel('Venue', { exact: true }).locator('option')).toHaveCount(3)
    await r.getByLabel('Venue', { exact: true }).selectOption({ label: `${venueName}, Tempe` })
    await expect(r.getByText(/Sat, \w{3} \d{1,2} · 8:00 AM MST/).first()).toBeVisible()
    await r.getByRole('button', { name: 'Next' }).click()
    await r
      .getByRole('textbox', { name: 'Description' })
      .fill('Saturday morning doubles, bring a can of balls.')
    await r.getByRole('button', { name: 'Create PlayDate' }).click()
    await expect(r).toHaveURL(/\/playdates\/[0-9a-f-]{36}$/)
    const playDateId = new URL(r.url()).pathname.split('/').at(-1)!
    await expect(r.getByText(venueName).first()).toBeVisible()
    await expect(r.getByRole('link', { name: 'Directions' })).toBeVisible()
    await expect(r.getByText('No applications yet.')).toBeVisible()

    // Tara sets where she plays; Available opens there, and the date filter finds the game.
    const t = tara!.page
    await t.goto('/profile')
    await t.getByLabel('Home state').selectOption({ label: 'Arizona' })
    await t.getByLabel('Home region').selectOption({ label: 'East Valley' })
    await t.getByRole('button', { name: 'Save home area' }).click()
    await expect(t.getByText('Home area saved')).toBeVisible()
    await t.goto('/playdates?tab=available')
    await openAvailableFilters(t)
    await expect(t.getByLabel('State', { exact: true })).toHaveValue('AZ')
    await expect(t.getByLabel('Region', { exact: true })).toHaveValue('east_valley')
    await t.getByRole('button', { name: filter.chip, exact: true }).click()
    if (filter.when === 'range') {
      await t.getByLabel('From', { exact: true }).fill(date)
      await t.getByLabel('To', { exact: true }).fill(date)
    }
    await expect(t).toHaveURL(new RegExp(`when=${filter.when}.*state=AZ&region=east_valley`))
    const card = t.getByRole('article').filter({ hasText: 'Rosa Reyes & Sam Soto' })
    await expect(card).toContainText('8:00 AM MST')
    await expect(card).toContainText(venueName)
    await expect(card).toContainText('$30/hour · 2 h · $60')
    // The filtered list is a link: it survives a reload.
    await t.reload()
    await openAvailableFilters(t)
    await expect(t.getByRole('button', { name: filter.chip, exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
    await expect(card).toBeVisible()

    // Tara applies with Uma, who hears of it at once.
    await card.getByRole('link', { name: 'Rosa Reyes & Sam Soto' }).click()
    await t.getByRole('link', { name: 'Apply to this PlayDate' }).click()
    // On a wide screen the list beside the application names the venue too.
    await expect(t.getByText(venueName).last()).toBeVisible()
    await t.getByRole('button', { name: /Uma Ueda/ }).click()
    await t.getByRole('button', { name: 'Submit Application' }).click()
    await expect(t.getByRole('heading', { name: 'Your Application' })).toBeVisible()
    const u = uma!.page
    await u.goto('/notifications')
    await expect(u.getByText('Tara Tran applied with you to a PlayDate', { exact: true })).toBeVisible()

    // Rosa's page leads with the application; she accepts.
    await r.reload()
    await r.getByRole('button', { name: /^Accept / }).click()
    await r.getByRole('dialog').getByRole('button', { name: 'Accept' }).click()
    await expect(r.getByText('Application accepted: you are matched')).toBeVisible()
    await expect(r.getByRole('heading', { name: 'Responding Team' })).toBeVisible()

    // Both teams see when and where, and the calendar entry.
    await t.reload()
    await expect(t.getByText(/Sat, \w{3} \d{1,2} · 8:00 AM MST/).first()).toBeVisible()
    await expect(t.getByText(venueName).first()).toBeVisible()
    const calendarLink = t.getByRole('link', { name: 'Add to calendar' })
    const [download] = await Promise.all([t.waitForEvent('download'), calendarLink.click()])
    const ics = await (await t.request.get(`/api/play-dates/${playDateId}/calendar`)).text()
    expect(download.suggestedFilename()).toMatch(/\.ics$/)
    expect(ics).toContain('BEGIN:VEVENT')
    expect(ics).toContain(`LOCATION:${venueName}`)
    // 8:00 AM in the venue's zone (Arizona: MST all year), with that zone's definition, and an
    // alarm an hour before.
    expect(ics).toContain(`DTSTART;TZID=America/Phoenix:${date.replaceAll('-', '')}T080000`)
    expect(ics).toContain('BEGIN:VTIMEZONE\r\nTZID:America/Phoenix')
    expect(ics).toContain('TRIGGER:-PT1H')

    // Her whole calendar, subscribed with one tap: the link opens the phone's calendar app.
    await t.goto('/profile')
    await t.getByRole('button', { name: 'Get my calendar link' }).click()
    const feedUrl = await t.getByLabel('Your calendar link').inputValue()
    await expect(t.getByRole('link', { name: 'Subscribe in my calendar' })).toHaveAttribute(
      'href',
      feedUrl.replace(/^https?:/, 'webcal:'),
    )
    const feed = await (await t.request.get(feedUrl)).text()
    expect(feed).toContain(`DTSTART;TZID=America/Phoenix:${date.replaceAll('-', '')}T080000`)

    // Uma's dashboard has the game, and its chat is one tap away.
    await u.goto('/dashboard')
    const next = u.getByRole('region', { name: 'Your next games' })
    await expect(next).toContainText('Rosa Reyes & Sam Soto')
    await expect(next).toContainText(venueName)
    await next.getByRole('link', { name: 'Chat' }).click()
    await expect(u).toHaveURL(new RegExp(`/playdates/${playDateId}#team-chat$`))
    await expect(u.getByRole('textbox', { name: 'Message' })).toBeInViewport()

    // The reminder: the server's clock passes 24 hours before the start. A game made less than 24
    // hours ahead (on a Friday after 8:00 AM in Arizona, the coming Saturday's) gets only the one 2
    // hours before, so the clock passes that instead.
    const detail = (await (await r.request.get(`/api/play-dates/${playDateId}`)).json()) as {
      startsAt: string
    }
    const now = (await moveClock(r.request, 0)).now
    const ahead = Date.parse(detail.startsAt) - Date.parse(now)
    const reminder =
      ahead > 24 * 3600_000
        ? { title: 'PlayDate tomorrow', before: 24 * 3600_000 }
        : { title: 'PlayDate in 2 hours', before: 2 * 3600_000 }
    const minutes = Math.ceil((ahead - reminder.before) / 60_000) + 5
    await moveClock(r.request, minutes)
    try {
      await r.goto('/notifications')
      await expect(r.getByText(reminder.title, { exact: true }).first()).toBeVisible()
      await expect(r.getByText(new RegExp(`8:00 AM MST at ${venueName}`)).first()).toBeVisible()
    } finally {
      await moveClock(r.request, -minutes)
    }
    for (const player of [rosa, sam, tara, uma]) await player!.context.close()
  },
)
