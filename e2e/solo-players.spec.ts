import { type Browser, expect, test } from '@playwright/test'
import { expectFitsScreen, largerText, openAvailableFilters, phraseLineCount } from './support/layout'
import {
  befriend,
  createPlayDate,
  createPlayer,
  currentUserId,
  headers,
  postPlayDate,
} from './support/players'
import { signedInPhoneContext } from './support/devices'
import { wizardToRegionStep } from './support/wizard'

// Every player can play: a player with no friends on the app joins a game alone, and a creator
// with none posts "Partner wanted" (docs/decisions/0137-spots-and-solo-teams.md). On a phone.

async function signedIn(browser: Browser, firstName: string, lastName: string, duprRating = 3.5) {
  return signedInPhoneContext(browser, await createPlayer({ firstName, lastName, duprRating }))
}

test.beforeEach(({ page }) => {
  page.on('pageerror', (error) => {
    throw error
  })
})

test('a newcomer with no friends joins a game alone and becomes a partner @phone-only', async ({
  browser,
}) => {
  const tag = Math.random().toString(36).slice(2, 6)
  const [ann, nia] = await Promise.all([
    signedIn(browser, 'Ann', `Alone${tag}`),
    signedIn(browser, 'Nia', `New${tag}`, 3.75),
  ])
  const id = await postPlayDate(ann, `Sunrise doubles ${tag}`)

  // Nia, who has no friends on the app yet, looks for games she can join alone.
  const page = await nia.newPage()
  await page.goto('/playdates?tab=available&state=all')
  await openAvailableFilters(page)
  await page.getByRole('button', { name: 'Games I can join alone' }).click()
  await expect(page.getByRole('button', { name: 'Games I can join alone' })).toHaveAttribute(
    'aria-pressed',
    'true',
  )
  // Other players' games come first on a busy day: she reads on (Load more) until Ann's shows.
  const card = page.getByRole('article').filter({ hasText: `Ann Alone${tag}` })
  const loadMore = page.getByRole('button', { name: 'Load more' })
  await expect(page.getByRole('article').first()).toBeVisible()
  while ((await card.count()) === 0 && (await loadMore.isVisible())) {
    const shown = await page.getByRole('article').count()
    await loadMore.click()
    await expect.poll(() => page.getByRole('article').count()).toBeGreaterThan(shown)
  }
  await expect(card).toContainText('3 spots left · partner wanted')
  await expect(card).toContainText('DUPR 3.00–4.00 may join alone')
  await expectFitsScreen(page)
  // Where a line is short (375 px, the phone's text larger) the card's dotted lines break only
  // after a dot: "3 spots left" and "partner wanted", the rating, the team's record each whole.
  await page.setViewportSize({ width: 375, height: 812 })
  await largerText(page)
  const spots = card.locator('p', { hasText: '3 spots left' })
  const record = card.locator('span[aria-hidden="true"]', { hasText: /^Played/ })
  for (const [line, part] of [
    [spots, '3 spots left'],
    [spots, 'partner wanted'],
    [card.locator('p', { hasText: /^DUPR 3\.50/ }), 'DUPR 3.50'],
    [record, 'Played 0'],
    [record, '0 no-shows'],
  ] as const)
    expect(await phraseLineCount(line, part), part).toBe(1)
  await page.setViewportSize({ width: 390, height: 844 })
  await card.scrollIntoViewIfNeeded()
  await card.getByRole('link').first().click()
  await expect(page).toHaveURL(new RegExp(`/playdates/${id}`))
  await expect(page.getByText('Open spot · partner wanted')).toBeVisible()

  await page.getByRole('link', { name: 'Apply to this PlayDate' }).click()
  await expect(page.getByText('No friends yet')).toBeVisible()
  const submit = page.getByRole('button', { name: 'Submit Application' })
  await expect(submit).toBeDisabled()
  await page.getByRole('button', { name: /Join alone/ }).click()
  await submit.click()
  await expect(page.getByText('Application submitted successfully')).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Your Application' })).toBeVisible()

  // Home keeps her application in sight until it is answered, a tap from its game; Ann finds it
  // there to decide.
  await page.goto('/dashboard')
  const mine = page
    .getByRole('region', { name: 'Your next games' })
    .getByRole('link', { name: /Joined alone/ })
  await expect(mine).toContainText('Joined alone · waiting for an answer')
  await expectFitsScreen(page)
  const annPage = await ann.newPage()
  await annPage.goto('/dashboard')
  await expect(
    annPage.getByRole('region', { name: 'Waiting for you' }).getByText(`Nia New${tag}`, { exact: true }),
  ).toBeVisible()
  await expect(annPage.getByRole('region', { name: 'Waiting for you' })).toContainText('Joining alone · ')
  await mine.click()
  await expect(page).toHaveURL(new RegExp(`/playdates/${id}`))

  // Ann places her as the partner she wanted.
  await annPage.goto(`/playdates/${id}`)
  await annPage.getByRole('button', { name: `Accept Nia New${tag} as your partner` }).click()
  await annPage.getByRole('dialog').getByRole('button', { name: 'Accept' }).click()
  await expect(annPage.getByText('Application accepted')).toBeVisible()

  // Nia's page follows: she is Ann's partner, sees who her partner is and how the price splits.
  const creatorTeam = page.getByRole('heading', { name: 'Creator Team' }).locator('..')
  await expect(creatorTeam).toContainText(`Nia New${tag}`)
  await expect(creatorTeam).toContainText(`Ann Alone${tag}`)
  await expect(creatorTeam).toContainText('Split equally: each pays $15 per hour')
  await expect(page.getByText('2 spots left')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Withdraw' })).toBeVisible()
  await expectFitsScreen(page)
  await Promise.all([ann.close(), nia.close()])
})

test('a creator posts "Partner wanted" and a solo player fills the spot @phone-only', async ({ browser }) => {
  const tag = Math.random().toString(36).slice(2, 6)
  const [rae, sol] = await Promise.all([
    signedIn(browser, 'Rae', `Ready${tag}`),
    signedIn(browser, 'Sol', `Solo${tag}`),
  ])
  const page = await rae.newPage()

  // Rae has no friends on the app: the wizard offers Partner wanted instead.
  await wizardToRegionStep(page)
  await page.getByRole('checkbox', { name: /East Valley/ }).check()
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page.getByText('Available Friends: 0')).toBeVisible()
  const next = page.getByRole('button', { name: 'Next' })
  await expect(next).toBeDisabled()
  await page.getByRole('button', { name: /Partner wanted/ }).click()
  // The range starts at her own rating ±0.5; she widens it.
  await expect(page.getByRole('spinbutton', { name: 'Lowest rating' })).toHaveValue('3')
  await expect(page.getByRole('spinbutton', { name: 'Highest rating' })).toHaveValue('4')
  await page.getByRole('spinbutton', { name: 'Highest rating' }).fill('4.5')
  await expectFitsScreen(page)
  await next.click()
  await expect(page.getByRole('spinbutton', { name: 'Amount to Pay (per hour)' })).toBeVisible()
  await next.click()
  await page.getByRole('textbox', { name: 'Description' }).fill(`Looking for a partner and a pair ${tag}`)
  await expect(page.getByText('Partner wanted', { exact: true })).toBeVisible()
  await expect(page.getByText('DUPR 3.00–4.50')).toBeVisible()
  await page.getByRole('button', { name: 'Create PlayDate' }).click()
  await expect(page.getByText('PlayDate created successfully')).toBeVisible()
  await expect(page).toHaveURL(/\/playdates\/[0-9a-f-]{36}$/)
  const id = new URL(page.url()).pathname.split('/').at(-1)!
  await expect(page.getByText('3 spots left · partner wanted · DUPR 3.00–4.50 may join alone')).toBeVisible()

  // Sol applies alone; Rae, on the page, sees it arrive and takes Sol as her partner.
  const applied = await sol.request.post(`/api/play-dates/${id}/requests`, { headers, data: { alone: true } })
  expect(applied.status(), await applied.text()).toBe(201)
  const application = page.getByRole('listitem').filter({ hasText: 'Joining alone' })
  await expect(application).toContainText(`Sol Solo${tag}`)
  await page.getByRole('button', { name: `Accept Sol Solo${tag} as your partner` }).click()
  await expect(page.getByRole('dialog')).toContainText('joins your team as your partner')
  await page.getByRole('dialog').getByRole('button', { name: 'Accept' }).click()
  await expect(page.getByText('Application accepted')).toBeVisible()
  const creatorTeam = page.getByRole('heading', { name: 'Creator Team' }).locator('..')
  await expect(creatorTeam).toContainText(`Sol Solo${tag}`)
  await expect(creatorTeam).toContainText('Split equally: each pays $12.50 per hour')
  await expect(page.getByText('2 spots left · DUPR 3.00–4.50 may join alone')).toBeVisible()
  await expectFitsScreen(page)
  // The share stays one phrase on the narrowest phone: the line breaks after "Split equally:".
  await page.setViewportSize({ width: 375, height: 812 })
  const split = creatorTeam.getByText('Split equally: each pays $12.50 per hour')
  expect(await phraseLineCount(split, 'each pays $12.50 per hour')).toBe(1)
  await Promise.all([rae.close(), sol.close()])
})

test('two players who each joined alone make a side, not a pair @phone-only', async ({ browser }) => {
  const tag = Math.random().toString(36).slice(2, 6)
  const [ana, pia, xan, yui] = await Promise.all([
    signedIn(browser, 'Ana', `Host${tag}`),
    signedIn(browser, 'Pia', `Pick${tag}`),
    signedIn(browser, 'Xan', `Xtra${tag}`),
    signedIn(browser, 'Yui', `Yes${tag}`),
  ])
  // Ana posts "Partner wanted"; Pia, Xan and Yui each join alone and she accepts them in turn.
  const id = await postPlayDate(ana, `Strangers doubles ${tag}`)
  for (const one of [pia, xan, yui]) {
    const applied = await one.request.post(`/api/play-dates/${id}/requests`, {
      headers,
      data: { alone: true },
    })
    expect(applied.status(), await applied.text()).toBe(201)
    const { id: requestId } = (await applied.json()) as { id: string }
    const accepted = await ana.request.post(`/api/play-dates/requests/${requestId}/accept`, { headers })
    expect(accepted.status(), await accepted.text()).toBe(200)
  }

  // Yui's matched game: her side's roster keeps the spec's tags and says each of them joined alone,
  // as the creator team says of Pia.
  const page = await yui.newPage()
  await page.goto(`/playdates/${id}`)
  const responding = page.getByRole('heading', { name: 'Responding Team' }).locator('..')
  const row = (name: string) => responding.getByRole('listitem').filter({ hasText: name })
  await expect(row(`Xan Xtra${tag}`)).toContainText('Captain')
  await expect(row(`Xan Xtra${tag}`)).toContainText('Joined alone')
  await expect(row(`Yui Yes${tag}`)).toContainText('Partner')
  await expect(row(`Yui Yes${tag}`)).toContainText('Joined alone')
  const creatorTeam = page.getByRole('heading', { name: 'Creator Team' }).locator('..')
  await expect(creatorTeam.getByRole('listitem').filter({ hasText: `Pia Pick${tag}` })).toContainText(
    'Joined alone',
  )
  await expect(creatorTeam.getByRole('listitem').filter({ hasText: `Ana Host${tag}` })).not.toContainText(
    'Joined alone',
  )

  // She can drop out herself, never "with my partner": Xan is no partner she came with.
  await expect(page.getByRole('button', { name: 'Drop out', exact: true })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Drop out with my partner' })).toHaveCount(0)
  await expectFitsScreen(page)
  await Promise.all([ana, pia, xan, yui].map((c) => c.close()))
})

test('a pair that lost a player and took one who joined alone: only the newcomer joined alone @phone-only', async ({
  browser,
}) => {
  const tag = Math.random().toString(36).slice(2, 6)
  const [ann, ben, cal, dee, wes] = await Promise.all([
    signedIn(browser, 'Ann', `Host${tag}`),
    signedIn(browser, 'Ben', `Host${tag}`),
    signedIn(browser, 'Cal', `Pair${tag}`),
    signedIn(browser, 'Dee', `Pair${tag}`),
    signedIn(browser, 'Wes', `Walkon${tag}`),
  ])
  // Ann and Ben post together; Cal and Dee apply together and are accepted; Wes waits alone.
  await Promise.all([befriend(ann, ben), befriend(cal, dee)])
  const id = await createPlayDate(ann, ben, `Pairs doubles ${tag}`)
  const applied = await cal.request.post(`/api/play-dates/${id}/requests`, {
    headers,
    data: { partnerId: await currentUserId(dee) },
  })
  expect(applied.status(), await applied.text()).toBe(201)
  const { id: requestId } = (await applied.json()) as { id: string }
  const accepted = await ann.request.post(`/api/play-dates/requests/${requestId}/accept`, { headers })
  expect(accepted.status(), await accepted.text()).toBe(200)
  const waiting = await wes.request.post(`/api/play-dates/${id}/requests`, { headers, data: { alone: true } })
  expect(await waiting.json()).toMatchObject({ status: 'waitlisted' })

  // Cal came with Dee: they may drop out together, and no one on the page joined alone.
  const page = await cal.newPage()
  await page.goto(`/playdates/${id}`)
  await expect(page.getByRole('button', { name: 'Drop out with my partner' })).toBeVisible()
  await expect(page.getByText('Joined alone')).toHaveCount(0)

  // Dee drops out; Wes takes the spot from the game's page.
  const deePage = await dee.newPage()
  await deePage.goto(`/playdates/${id}`)
  await deePage.getByRole('button', { name: 'Drop out', exact: true }).click()
  await deePage.getByRole('dialog').getByRole('button', { name: 'Drop out' }).click()
  await expect(deePage.getByText('You dropped out. Your spot is offered to others.')).toBeVisible()
  const wesPage = await wes.newPage()
  await wesPage.goto(`/playdates/${id}`)
  await wesPage.getByRole('button', { name: 'Take the spot', exact: true }).click()
  await expect(wesPage.getByText('The spot is yours')).toBeVisible()

  // On Cal's page Wes joined alone and Cal did not; Wes is no partner Cal came with.
  await page.reload()
  const responding = page.getByRole('heading', { name: 'Responding Team' }).locator('..')
  const row = (name: string) => responding.getByRole('listitem').filter({ hasText: name })
  await expect(row(`Wes Walkon${tag}`)).toContainText('Partner')
  await expect(row(`Wes Walkon${tag}`)).toContainText('Joined alone')
  await expect(row(`Cal Pair${tag}`)).toContainText('Captain')
  await expect(row(`Cal Pair${tag}`)).not.toContainText('Joined alone')
  await expect(page.getByText('Joined alone')).toHaveCount(1)
  await expect(page.getByRole('button', { name: 'Drop out', exact: true })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Drop out with my partner' })).toHaveCount(0)
  await expectFitsScreen(page)
  await Promise.all([ann, ben, cal, dee, wes].map((c) => c.close()))
})
