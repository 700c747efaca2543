import { type APIRequestContext, type Browser, expect, type Locator, type Page, test } from '@playwright/test'

// Four players, each in a browser of their own: Ann (A) creates a PlayDate with her friend
// Ben (B); Cat (C) applies with her friend Dan (D); Ann accepts; the four chat; Cat marks it
// played. Players are made through the real sign-up, the development mailbox and the
// connections API; everything about PlayDates happens in the pages.

const password = 'dinks-and-drives-42'
const TITLE_SUFFIX = ' | PickleMatch | Level Up Your Match'

interface PlayerSpec {
  firstName: string
  lastName: string
  gender: 'male' | 'female'
  duprRating: number
  selfRating: number
}

interface Player extends PlayerSpec {
  id: string
  email: string
  name: string
}

const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`

async function signUp(request: APIRequestContext, origin: string, spec: PlayerSpec): Promise<Player> {
  const email = `${spec.firstName.toLowerCase()}-${run}@example.com`
  const signUp = await request.post('/api/auth/sign-up', {
    headers: { origin },
    data: { ...spec, birthdate: '1990-06-15', zipCode: '85281', email, password, consent: true },
  })
  expect(signUp.status(), await signUp.text()).toBe(201)
  const mail = await request.get(`/api/dev/mail?to=${encodeURIComponent(email)}`)
  const messages = (await mail.json()) as Array<{ links: string[] }>
  const link = messages.flatMap((m) => m.links).find((l) => l.includes('/email-confirmation'))
  const token = link ? new URL(link).searchParams.get('token') : null
  expect(token).toBeTruthy()
  const confirmed = await request.post('/api/auth/confirm-email', { headers: { origin }, data: { token } })
  expect(confirmed.status()).toBe(200)
  const signIn = await request.post('/api/auth/sign-in', { headers: { origin }, data: { email, password } })
  expect(signIn.status()).toBe(200)
  const session = (await (await request.get('/api/auth/session')).json()) as { user: { id: string } }
  return { ...spec, id: session.user.id, email, name: `${spec.firstName} ${spec.lastName}` }
}

// A signed-in browser of its own for each player.
async function openAs(browser: Browser, origin: string, spec: PlayerSpec, options = {}) {
  const context = await browser.newContext({ baseURL: origin, ...options })
  const player = await signUp(context.request, origin, spec)
  const page = await context.newPage()
  return { player, page, context }
}

async function befriend(
  a: { player: Player; page: Page },
  b: { player: Player; page: Page },
  origin: string,
) {
  const sent = await a.page.request.post('/api/connections/friend-requests', {
    headers: { origin },
    data: { receiverId: b.player.id },
  })
  expect(sent.status(), await sent.text()).toBe(201)
  const { id } = (await sent.json()) as { id: string }
  const accepted = await b.page.request.post(`/api/connections/${id}/accept`, { headers: { origin } })
  expect(accepted.status(), await accepted.text()).toBe(200)
}

const chat = (page: Page) => page.getByRole('log', { name: 'Messages' })
// On a wide screen the PlayDate shows beside the list, whose cards carry the same status.
const chosenPlayDate = (page: Page) => page.getByRole('region', { name: 'Selected PlayDate' })

// Available lists the soonest games first, ten at a time, and games that start at the same
// moment in no particular order: on a Saturday the wizard's coming Saturday at 8:00 AM is the
// start other journeys' games take (a week from today), so the card may be on a later page.
async function untilListed(page: Page, card: Locator) {
  const cards = page.getByRole('tabpanel', { name: 'Available' }).getByRole('article')
  await expect(cards.first()).toBeVisible()
  while ((await card.count()) === 0) {
    const shown = await cards.count()
    await page.getByRole('button', { name: 'Load more' }).click()
    await expect(cards).not.toHaveCount(shown)
  }
  await expect(card).toBeVisible()
}

test.describe('PlayDates', () => {
  test(
    'two teams meet through a PlayDate: create, apply, accept, chat live, cancel',
    { tag: '@postgres' },
    async ({ browser, baseURL }) => {
      test.setTimeout(150_000)
      const origin = baseURL!
      const ann = await openAs(browser, origin, {
        firstName: 'Ann',
        lastName: 'Archer',
        gender: 'female',
        duprRating: 4.2,
        selfRating: 4.0,
      })
      const ben = await openAs(browser, origin, {
        firstName: 'Ben',
        lastName: 'Baker',
        gender: 'male',
        duprRating: 4.4,
        selfRating: 4.25,
      })
      const cat = await openAs(browser, origin, {
        firstName: 'Cat',
        lastName: 'Cole',
        gender: 'female',
        duprRating: 3.1,
        selfRating: 3.0,
      })
      const dan = await openAs(browser, origin, {
        firstName: 'Dan',
        lastName: 'Diaz',
        gender: 'male',
        duprRating: 3.3,
        selfRating: 3.5,
      })
      await befriend(ann, ben, origin)
      await befriend(cat, dan, origin)

      // Ann creates a Pay PlayDate with Ben.
      const a = ann.page
      await a.goto('/playdates')
      await expect(a).toHaveTitle(`PlayDates${TITLE_SUFFIX}`)
      await a.getByRole('link', { name: 'Create PlayDate' }).first().click()
      await expect(a).toHaveTitle(`Create PlayDate${TITLE_SUFFIX}`)
      const continueButton = a.getByRole('button', { name: 'Continue' })
      await expect(continueButton).toBeDisabled()
      await a.getByRole('radio', { name: 'Pay to Challenge' }).check()
      await continueButton.click()

      await expect(a.getByRole('heading', { level: 1, name: 'Select State' })).toBeVisible()
      await expect(a.getByRole('radio', { name: /Arizona/ })).toBeChecked()
      await continueButton.click()

      // Ann's home region, from the ZIP code she signed up with, is picked already.
      await expect(a.getByRole('heading', { level: 1, name: 'Select Region' })).toBeVisible()
      await expect(a.getByRole('checkbox', { name: /East Valley/ })).toBeChecked()
      await a.getByRole('checkbox', { name: /Tucson/ }).check()
      await continueButton.click()

      await expect(a).toHaveTitle(`PlayDate Details${TITLE_SUFFIX}`)
      await expect(a.getByText('Available Friends: 1')).toBeVisible()
      await expect(a.getByText('You need at least one friend to create a PlayDate')).toBeVisible()
      const next = a.getByRole('button', { name: 'Next' })
      await expect(next).toBeDisabled()
      const benOption = a.getByRole('button', { name: /Ben Baker/ })
      await expect(benOption).toContainText('4.40')
      await expect(benOption).toContainText('4.25')
      await benOption.click()
      await expect(benOption).toHaveAttribute('aria-pressed', 'true')
      await next.click()

      const amount = a.getByRole('spinbutton', { name: 'Amount to Pay (per hour)' })
      await expect(amount).toHaveValue('25')
      await amount.fill('0')
      await expect(next).toBeDisabled()
      await amount.fill('10005')
      await expect(next).toBeDisabled()
      // Said under the amount, where it is typed, and again by Next.
      await expect(amount).toHaveAccessibleDescription(/Amount must be at most \$10,000 per hour$/)
      await expect(a.getByText('Amount must be at most $10,000 per hour')).toHaveCount(2)
      await amount.fill('40')
      await next.click()

      const description = a.getByRole('textbox', { name: 'Description' })
      const create = a.getByRole('button', { name: 'Create PlayDate' })
      // The description is optional.
      await expect(create).toBeEnabled()
      await description.fill('Looking for a strong pair for an evening match at Tempe courts.')
      await expect(a.getByText('63/500')).toBeVisible()
      await create.click()
      await expect(a.getByText('PlayDate created successfully')).toBeVisible()
      // The new PlayDate opens on its own page; the list has it too.
      await expect(a).toHaveURL(/\/playdates\/[0-9a-f-]{36}$/)
      await expect(a.getByRole('link', { name: 'Add to calendar' })).toBeVisible()
      await a.goto('/playdates')

      const annCard = a.getByRole('article').filter({ hasText: 'Ann Archer & Ben Baker' })
      await expect(annCard).toContainText('Available')
      // The price for the game: the hourly amount, the length (2 hours unless changed) and the total;
      // the time is the coming Saturday at 8:00 AM in Arizona, unless another was chosen.
      await expect(annCard).toContainText('$40/hour · 2 h · $80')
      await expect(annCard).toContainText(/Sat, \w{3} \d{1,2} · 8:00 AM MST/)
      // A challenge: Ann's team pays, the team that answers earns.
      await expect(annCard).toContainText('Your team pays')
      await expect(annCard).toContainText('0 pending requests')
      await expect(annCard).toContainText('East Valley')
      await expect(annCard).toContainText('Team DUPR 4.30')
      await annCard.getByRole('link').click()
      await expect(
        a.getByRole('heading', { level: 1, name: 'Looking to Pay Higher Level Players' }),
      ).toBeVisible()
      const playDateId = new URL(a.url()).pathname.split('/').at(-1)!
      await expect(a.getByText('No applications yet.')).toBeVisible()

      // Cat finds it in Available, filtered by the creator team's rating, and applies with Dan.
      const c = cat.page
      await c.goto('/playdates?tab=available')
      await expect(c.getByRole('tab', { name: 'Available' })).toHaveAttribute('aria-selected', 'true')
      const catCard = c.getByRole('article').filter({ hasText: 'Ann Archer & Ben Baker' })
      await untilListed(c, catCard)
      await expect(catCard).toContainText('Your team earns')
      const minimum = c.getByRole('slider', { name: 'Minimum team DUPR' })
      await minimum.focus()
      // 2.0 -> 4.5 with the keyboard: Page Up moves ten steps of 0.1.
      for (let i = 0; i < 2; i++) await c.keyboard.press('PageUp')
      for (let i = 0; i < 5; i++) await c.keyboard.press('ArrowRight')
      await expect(minimum).toHaveAttribute('aria-valuenow', '4.5')
      await expect(c).toHaveURL(/minRating=4\.5/)
      await expect(c.getByText('No PlayDates match')).toBeVisible()
      await c.getByRole('button', { name: 'Show all ratings' }).click()
      await untilListed(c, catCard)
      await catCard.getByRole('link').click()
      await c.getByRole('link', { name: 'Apply to this PlayDate' }).click()
      await expect(c).toHaveTitle(`Apply to PlayDate${TITLE_SUFFIX}`)
      await expect(c.getByText('The creator team pays this to your team')).toBeVisible()
      await expect(c.getByText('Ann Archer')).toBeVisible()
      const submit = c.getByRole('button', { name: 'Submit Application' })
      await expect(submit).toBeDisabled()
      await expect(c.getByText('Please select a friend')).toBeVisible()
      await c.getByRole('button', { name: /Dan Diaz/ }).click()
      await submit.click()
      await expect(c.getByText('Application submitted successfully')).toBeVisible()
      await expect(c).toHaveURL(new RegExp(`/playdates/${playDateId}$`))
      await expect(c.getByRole('heading', { name: 'Your Application' })).toBeVisible()

      // Dan cannot apply a second time for the same team.
      const d = dan.page
      await d.goto(`/playdates/${playDateId}/apply`)
      await expect(d.getByText('You or your partner have already applied for this PlayDate')).toBeVisible()
      await expect(d.getByRole('button', { name: 'Submit Application' })).toBeDisabled()

      // Ann, still on the PlayDate's page, sees the application arrive without reloading (the
      // live event stream) and accepts it.
      await expect(a.getByText('No applications yet.')).toBeHidden()
      await a.getByRole('button', { name: 'Accept Cat Cole & Dan Diaz' }).click()
      await a.getByRole('dialog').getByRole('button', { name: 'Accept' }).click()
      await expect(a.getByText('Application accepted: you are matched')).toBeVisible()
      await expect(chosenPlayDate(a).getByText('Status: Matched')).toBeVisible()
      const responding = a.getByRole('heading', { name: 'Responding Team' }).locator('..')
      await expect(responding).toContainText('Cat Cole')
      await expect(responding).toContainText('Captain')
      await expect(responding).toContainText('3.20')

      // Cat's page follows too: her application became the responding team and the chat opened.
      await expect(chosenPlayDate(c).getByText('Status: Matched')).toBeVisible()
      await expect(c.getByRole('heading', { name: 'Your Application' })).toBeHidden()
      await expect(c.getByRole('heading', { name: 'Responding Team' })).toBeVisible()

      // The four chat; each sees the others' messages without reloading.
      const b = ben.page
      await b.goto(`/playdates/${playDateId}`)
      await d.goto(`/playdates/${playDateId}`)
      const pages = [
        { page: a, text: 'Hi all, Ann here. Tuesday 6pm works?' },
        { page: b, text: 'Ben: Tuesday is great.' },
        { page: c, text: 'Cat: see you at court 3!' },
        { page: d, text: 'Dan: bringing new balls.' },
      ]
      for (const { page } of pages)
        await expect(page.getByRole('region', { name: 'Message thread' })).toBeVisible()
      for (const { page, text } of pages) {
        const input = page.getByRole('textbox', { name: 'Message' })
        await expect(input).toHaveAttribute('placeholder', 'Type a message...')
        await input.fill(text)
        await input.press('Enter')
        await expect(input).toHaveValue('')
        for (const other of pages) await expect(chat(other.page)).toContainText(text)
      }
      await expect(chat(d).getByRole('listitem')).toHaveCount(4)
      await expect(chat(b).getByRole('listitem').first()).toContainText('Ann Archer')
      // Each had the chat open as the others wrote: no message is left an unread notice
      // (docs/decisions/0197). Ben's list holds their notices, every one read.
      await b.goto('/notifications')
      const messageNotices = b.getByRole('listitem').filter({ hasText: 'sent a message about your PlayDate' })
      await expect(messageNotices.first()).toBeVisible()
      for (const row of await messageNotices.all())
        await expect(row).not.toHaveAttribute('data-unread', 'true')

      // Cat cancels the matched game (it is days away, so not a late cancel): it leaves My
      // PlayDates and shows in History for all four. (Results after the game: results.spec.ts.)
      await c.getByRole('button', { name: 'Cancel PlayDate' }).click()
      await expect(c.getByRole('dialog')).toContainText('All four players are told')
      await c.getByRole('dialog').getByRole('button', { name: 'Cancel PlayDate' }).click()
      await expect(c.getByText('PlayDate cancelled successfully')).toBeVisible()
      for (const page of [a, b, c, d]) {
        await page.goto('/playdates')
        await expect(page.getByText('No PlayDates yet')).toBeVisible()
        await page.getByRole('tab', { name: 'History' }).click()
        await expect(page).toHaveURL(/tab=history/)
        const card = page.getByRole('article').filter({ hasText: 'Ann Archer & Ben Baker' })
        await expect(card).toContainText('Cancelled')
        await page.goBack()
        await expect(page.getByRole('tab', { name: 'My PlayDates' })).toHaveAttribute('aria-selected', 'true')
      }

      for (const player of [ann, ben, cat, dan]) await player.context.close()
    },
  )

  test('a signed-out visitor of an apply link signs in and lands back on it', async ({
    browser,
    baseURL,
  }) => {
    const origin = baseURL!
    const gus = await openAs(browser, origin, {
      firstName: 'Gus',
      lastName: 'Grant',
      gender: 'male',
      duprRating: 3.9,
      selfRating: 4.0,
    })
    await gus.context.clearCookies()
    const page = gus.page
    const missing = '00000000-0000-4000-8000-000000000000'
    await page.goto(`/playdates/${missing}/apply`)
    await expect(page).toHaveURL(/\/signin$/)
    await page.getByLabel('Email').fill(gus.player.email)
    await page.getByLabel('Password').fill(password)
    await page.getByRole('button', { name: 'Sign In' }).click()
    await expect(page).toHaveURL(new RegExp(`/playdates/${missing}/apply$`))
    await expect(page.getByRole('heading', { level: 1, name: 'PlayDate Not Found' })).toBeVisible()
    await expect(page.getByText("This PlayDate doesn't exist or you don't have access.")).toBeVisible()

    await page.goto(`/playdates/${missing}`)
    await expect(page.getByText('The requested PlayDate could not be loaded.')).toBeVisible()
    await page.getByRole('link', { name: 'Back to PlayDates' }).click()
    await expect(page).toHaveURL(/\/playdates$/)
    await gus.context.close()
  })

  test('the wizard fits a phone, keeps its choices across a reload and starts over after Cancel @phone-only', async ({
    browser,
    baseURL,
  }) => {
    const origin = baseURL!
    const phone = { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true }
    const eve = await openAs(
      browser,
      origin,
      { firstName: 'Eve', lastName: 'Evans', gender: 'female', duprRating: 3.8, selfRating: 3.75 },
      phone,
    )
    const fay = await openAs(browser, origin, {
      firstName: 'Fay',
      // A long name: it wraps on the PlayDate's page instead of being cut off.
      lastName: 'Fox-Wolstenholme-Vanderbergh',
      gender: 'female',
      duprRating: 3.6,
      selfRating: 3.5,
    })
    await befriend(eve, fay, origin)
    const page = eve.page
    const fitsTheScreen = async () =>
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)

    // A later step without the earlier choices sends the player to the first one missing.
    await page.goto('/create-playdate/details?step=description')
    await expect(page).toHaveURL(/\/create-playdate$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Create PlayDate' })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Earn Teaching' })).toBeVisible()
    await fitsTheScreen()
    await page.getByRole('radio', { name: 'Earn Teaching' }).check()
    await page.getByRole('button', { name: 'Continue' }).click()

    await page.getByRole('radio', { name: /Florida/ }).check()
    await page.getByRole('button', { name: 'Continue' }).click()
    await expect(page.getByRole('checkbox', { name: /Statewide/ })).toBeChecked()
    await fitsTheScreen()
    await page.getByRole('button', { name: 'Continue' }).click()

    await expect(page.getByText('Available Friends: 1')).toBeVisible()
    await page.getByRole('button', { name: /Fay Fox/ }).click()
    await page.getByRole('button', { name: /Fay Fox/ }).click()
    await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled()
    await page.getByRole('button', { name: /Fay Fox/ }).click()
    await fitsTheScreen()
    await page.getByRole('button', { name: 'Next' }).click()

    const amount = page.getByRole('spinbutton', { name: 'Amount to Earn (per hour)' })
    await expect(amount).toHaveValue('25')
    await expect(page.getByText('the other team pays you and your partner')).toBeVisible()
    // One step count through the whole wizard.
    await expect(page.getByText('Step 5 of 6')).toBeVisible()
    await amount.fill('35')
    await page.getByRole('button', { name: 'Next' }).click()
    await page.getByRole('textbox', { name: 'Description' }).fill('Drills for 3.0 players')

    // A reload keeps every choice.
    await page.reload()
    await expect(page.getByRole('textbox', { name: 'Description' })).toHaveValue('Drills for 3.0 players')
    await expect(page.getByText('$35/hour · 2 h · $70')).toBeVisible()
    await expect(page.getByText('Florida: Statewide')).toBeVisible()
    await fitsTheScreen()
    const create = page.getByRole('button', { name: 'Create PlayDate' })
    await create.scrollIntoViewIfNeeded()
    await expect(create).toBeInViewport()

    // Back walks through the parts and keeps the amount.
    await page.getByRole('button', { name: 'Back' }).click()
    await expect(page.getByRole('spinbutton', { name: 'Amount to Earn (per hour)' })).toHaveValue('35')

    // Cancel forgets it all.
    await page.getByRole('button', { name: 'Cancel' }).click()
    await expect(page).toHaveURL(/\/playdates$/)
    await page.goto('/create-playdate/region')
    await expect(page).toHaveURL(/\/create-playdate$/)
    await expect(page.getByRole('radio', { name: 'Earn Teaching' })).not.toBeChecked()

    // A long link in the description wraps on the PlayDate's page instead of widening it.
    const link = 'https://courts.example.com/book/kiwanis-recreation-center-tempe?date=2026-12-01&court=7'
    const created = await page.request.post('/api/play-dates', {
      headers: { origin },
      data: {
        type: 'earn',
        state: 'FL',
        regions: ['statewide'],
        partnerId: fay.player.id,
        amount: 35,
        description: `Book here: ${link}`,
        startDate: new Date(Date.now() + 7 * 24 * 60 * 60_000).toISOString().slice(0, 10),
        startTime: '08:00',
      },
    })
    expect(created.status(), await created.text()).toBe(201)
    await page.goto(`/playdates/${((await created.json()) as { id: string }).id}`)
    await expect(page.getByText(link)).toBeVisible()
    await expect(page.getByText('Your team earns')).toBeVisible()
    // The name shows in Who, under the details, and in the Creator Team: it fits its line in both.
    const partnerNames = page.getByText('Fay Fox-Wolstenholme-Vanderbergh', { exact: true })
    await expect(partnerNames).toHaveCount(2)
    for (const partnerName of await partnerNames.all()) {
      await expect(partnerName).toBeVisible()
      expect(await partnerName.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true)
    }
    await fitsTheScreen()

    await eve.context.close()
    await fay.context.close()
  })
})
