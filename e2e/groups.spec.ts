import { type Browser, expect, type Locator, type Page, test } from '@playwright/test'
import { violationsInBothThemes } from './support/axe'
import { expectFitsScreen, phraseLineCount } from './support/layout'
import { appOrigin, createPlayer, headers } from './support/players'
import { signedInPhoneContext } from './support/devices'

// Groups of regulars (docs/decisions/0166-groups.md), on a phone: a group is made, a player joins
// by its link, the owner names an organiser; an invite-only group's link asks, an organiser
// accepts.

async function signedIn(browser: Browser, firstName: string, lastName: string) {
  return signedInPhoneContext(browser, await createPlayer({ firstName, lastName }))
}

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `/tmp/groups-${name}.png`, fullPage: true })

test.beforeEach(({ page }) => {
  page.on('pageerror', (error) => {
    throw error
  })
})

test('a group is made, a player joins by its link, and the owner names an organiser @phone-only', async ({
  browser,
}) => {
  const tag = Math.random().toString(36).slice(2, 6)
  const [olga, ann] = await Promise.all([
    signedIn(browser, 'Olga', `Owner${tag}`),
    signedIn(browser, 'Ann', `Joins${tag}`),
  ])

  // Olga finds Groups from her dashboard and makes one.
  const page = await olga.newPage()
  await page.goto('/dashboard')
  await page.getByRole('link', { name: 'Groups', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'No groups yet' })).toBeVisible()
  await page.getByRole('button', { name: 'Create Group' }).click()
  const form = page.getByRole('form', { name: 'Create Group' })
  await form.getByRole('button', { name: 'Create Group' }).click()
  await expect(form.getByText('Group name is required')).toBeVisible()
  await form.getByLabel('Group name').fill(`Tuesday Dinkers ${tag}`)
  await form.getByLabel('Description (optional)').fill('Every Tuesday at 6 PM. All levels welcome.')
  await expect(form.getByRole('radio', { name: /Open: anyone with the link joins/ })).toBeChecked()
  await form.getByRole('button', { name: 'Create Group' }).click()
  await expect(page.getByRole('heading', { name: `Tuesday Dinkers ${tag}`, level: 1 })).toBeVisible()
  await expect(page.getByText('1 member', { exact: true })).toBeVisible()
  const link = (await page.getByText(/\/groups\/join\//).textContent())!.trim()
  expect(link).toMatch(new RegExp(`^${appOrigin}/groups/join/[A-Za-z0-9_-]{22}$`))
  // At 375 px the link breaks after a slash, not inside "join" or its code.
  await page.setViewportSize({ width: 375, height: 812 })
  await expectFitsScreen(page)
  expect(await phraseLineCount(page.getByText(/\/groups\/join\//), `join/${link.split('/').pop()}`)).toBe(1)
  await page.setViewportSize({ width: 390, height: 844 })
  // On a phone the link goes out through the share sheet (this Chromium has none, so the page
  // is given one that records what it was handed).
  await page.addInitScript(() => {
    Object.assign(window, { shared: [] as ShareData[] })
    navigator.share = (data?: ShareData) => {
      ;(window as unknown as { shared: ShareData[] }).shared.push(data!)
      return Promise.resolve()
    }
  })
  await page.reload()
  await page.getByRole('button', { name: 'Share link' }).click()
  expect(await page.evaluate(() => (window as unknown as { shared: ShareData[] }).shared)).toEqual([
    { title: `Tuesday Dinkers ${tag}`, text: `Join Tuesday Dinkers ${tag} on PickleMatch`, url: link },
  ])

  // Ann opens the link, sees the group and joins it.
  const annPage = await ann.newPage()
  await annPage.goto(link)
  await expect(annPage.getByRole('heading', { name: `Tuesday Dinkers ${tag}` })).toBeVisible()
  await expect(annPage.getByText('Anyone with this link can join.')).toBeVisible()
  await expectFitsScreen(annPage)
  // Where the Members region stands on the page, each time it changes, from the frame it first
  // shows in: the list must not move under her thumb as the rest of the page fills in.
  await annPage.evaluate(() => {
    const tops: number[] = []
    Object.assign(window, { membersTops: tops })
    const record = () => {
      const members = document.getElementById('group-members')?.closest('section')
      if (members) {
        const top = Math.round(members.getBoundingClientRect().top + window.scrollY)
        if (tops.at(-1) !== top) tops.push(top)
      }
      requestAnimationFrame(record)
    }
    requestAnimationFrame(record)
  })
  await annPage.getByRole('button', { name: 'Join group' }).click()
  await expect(annPage.getByText(`Welcome to Tuesday Dinkers ${tag}`)).toBeVisible()
  const members = annPage.getByRole('region', { name: /Members/ })
  await expect(members).toContainText(`Olga Owner${tag}`)
  // Her own card says "You" beside her name, on the name's line (the link keeps her name alone),
  // and reads as the others do: her role and rating right under the name.
  const own = members.getByRole('listitem').filter({ hasText: `Ann Joins${tag}` })
  const you = own.getByText('You', { exact: true })
  await expect(you).toBeVisible()
  await expect(own.getByRole('link', { name: `Ann Joins${tag}`, exact: true })).toBeVisible()
  await expect(members.getByText('You', { exact: true })).toHaveCount(1)
  // Each card is measured in one step, from one frame: two separate measurements could straddle
  // a change between them.
  const youOffset = await own.evaluate((card, name) => {
    const box = (element: Element) => element.getBoundingClientRect()
    const link = [...card.querySelectorAll('a')].find((a) => a.textContent === name)!
    const badge = [...card.querySelectorAll('span')].find((span) => span.textContent === 'You')!
    const middle = (rect: DOMRect) => rect.y + rect.height / 2
    return Math.abs(middle(box(badge)) - middle(box(link)))
  }, `Ann Joins${tag}`)
  expect(youOffset).toBeLessThan(4)
  const underName = (card: Locator) =>
    card.evaluate((element) => {
      const name = element.querySelector('a')!.getBoundingClientRect()
      const detail = [...element.querySelectorAll('p')]
        .find((p) => /^(Owner|Organiser|Member) ·/.test(p.textContent ?? ''))!
        .getBoundingClientRect()
      return detail.y - (name.y + name.height)
    })
  const ownerCard = members.getByRole('listitem').filter({ hasText: `Olga Owner${tag}` })
  expect(await underName(own)).toBeLessThan(4)
  expect(await underName(own)).toBe(await underName(ownerCard))
  // Once nothing on the page has changed for a second, the list stands where it was first drawn.
  await annPage.evaluate(
    () =>
      new Promise<void>((resolve) => {
        let quiet = setTimeout(resolve, 1000)
        new MutationObserver(() => {
          clearTimeout(quiet)
          quiet = setTimeout(resolve, 1000)
        }).observe(document.querySelector('main')!, {
          subtree: true,
          childList: true,
          attributes: true,
          characterData: true,
        })
      }),
  )
  const tops = await annPage.evaluate(() => (window as unknown as { membersTops: number[] }).membersTops)
  expect(tops).toHaveLength(1)
  // A member sees no invite link and removes no one.
  await expect(annPage.getByRole('heading', { name: 'Invite link' })).toHaveCount(0)
  await expect(members.getByRole('button', { name: /Remove/ })).toHaveCount(0)

  // Olga sees Ann with her record, and makes her an organiser.
  await page.reload()
  const annCard = page
    .getByRole('region', { name: /Members/ })
    .getByRole('listitem')
    .filter({ hasText: `Ann Joins${tag}` })
  await expect(annCard).toContainText('Played 0 · 0 no-shows')
  await annCard.getByRole('button', { name: /^Make organiser: Ann / }).click()
  await expect(page.getByText(`Ann Joins${tag} is now an organiser`)).toBeVisible()
  await expect(annCard).toContainText('Organiser')
  await expectFitsScreen(page)
  expect(await violationsInBothThemes(page)).toEqual([])
  await shot(page, 'owner')

  // Her group is on her list.
  await page.getByRole('link', { name: 'Your groups' }).click()
  await expect(page.getByRole('link', { name: `Tuesday Dinkers ${tag}` })).toBeVisible()
  await expect(page.getByText('2 members')).toBeVisible()
  await Promise.all([olga.close(), ann.close()])
})

test('an invite-only group’s link asks to join, and an organiser accepts @phone-only', async ({
  browser,
}) => {
  const tag = Math.random().toString(36).slice(2, 6)
  const [olga, ben] = await Promise.all([
    signedIn(browser, 'Olga', `Owner${tag}`),
    signedIn(browser, 'Ben', `Asks${tag}`),
  ])
  const created = await olga.request.post('/api/groups', {
    headers,
    data: { name: `Sunrise Club ${tag}`, visibility: 'invite_only' },
  })
  expect(created.status(), await created.text()).toBe(201)
  const { id } = (await created.json()) as { id: string }
  const { invitePath } = (await (await olga.request.get(`/api/groups/${id}`)).json()) as {
    invitePath: string
  }

  const benPage = await ben.newPage()
  await benPage.goto(invitePath)
  await expect(benPage.getByText('An organiser accepts each request to join.')).toBeVisible()
  await benPage.getByRole('button', { name: 'Ask to join' }).click()
  await expect(benPage.getByText('You asked to join. An organiser will answer your request.')).toBeVisible()
  expect(await violationsInBothThemes(benPage)).toEqual([])
  await shot(benPage, 'asked')

  const page = await olga.newPage()
  await page.goto(`/groups/${id}`)
  const asking = page.getByRole('region', { name: /Asking to join/ })
  await expect(asking).toContainText(`Ben Asks${tag}`)
  await expectFitsScreen(page)
  await asking.getByRole('button', { name: `Accept Ben Asks${tag}` }).click()
  await expect(page.getByText(`Ben Asks${tag} joined the group`)).toBeVisible()
  await expect(page.getByRole('region', { name: /Members/ })).toContainText(`Ben Asks${tag}`)
  await expect(page.getByRole('region', { name: /Asking to join/ })).toHaveCount(0)

  await benPage.reload()
  await expect(benPage.getByText('You are a member of this group.')).toBeVisible()
  await benPage.getByRole('link', { name: 'Open the group' }).click()
  await expect(benPage.getByRole('heading', { name: `Sunrise Club ${tag}`, level: 1 })).toBeVisible()
  await Promise.all([olga.close(), ben.close()])
})

// A date in Arizona (no daylight saving time: always UTC−7), `days` from today there.
const phoenixDate = (days: number) =>
  new Date(Date.now() - 7 * 3600_000 + days * 86_400_000).toISOString().slice(0, 10)

test('an organiser posts a game for the group: members see it first and apply, others do not; the group chats @phone-only', async ({
  browser,
}) => {
  const tag = Math.random().toString(36).slice(2, 6)
  const name = `Tucson Regulars ${tag}`
  const [olga, mia, sam] = await Promise.all([
    signedIn(browser, 'Olga', `Posts${tag}`),
    signedIn(browser, 'Mia', `Member${tag}`),
    signedIn(browser, 'Sam', `Outside${tag}`),
  ])
  const home = await olga.request.put('/api/profiles/me/home', {
    headers,
    data: { homeState: 'AZ', homeRegion: 'tucson' },
  })
  expect(home.status(), await home.text()).toBe(200)
  const created = await olga.request.post('/api/groups', { headers, data: { name, visibility: 'open' } })
  expect(created.status(), await created.text()).toBe(201)
  const groupId = ((await created.json()) as { id: string }).id
  const group = (await (await olga.request.get(`/api/groups/${groupId}`)).json()) as { invitePath: string }
  expect((await mia.request.post(`/api/${group.invitePath.slice(1)}`, { headers })).status()).toBe(200)

  // Olga posts a game for the group from its page: members first, everyone after 24 hours.
  const page = await olga.newPage()
  await page.goto(`/groups/${groupId}`)
  await expect(page.getByText('No games coming up.')).toBeVisible()
  await page.getByRole('link', { name: 'Post a game' }).click()
  await page.getByRole('radio', { name: 'Pay to Challenge' }).check()
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page.getByRole('radio', { name: /Arizona/ })).toBeChecked()
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page.getByRole('checkbox', { name: /Tucson/ })).toBeChecked()
  await page.getByRole('button', { name: 'Continue' }).click()
  await page.getByRole('button', { name: /Partner wanted/ }).click()
  await page.getByRole('button', { name: 'Next' }).click()
  const day = phoenixDate(12)
  await page.getByLabel('Date', { exact: true }).fill(day)
  await page.getByLabel('Start time').fill('18:30')
  await page.getByRole('button', { name: 'Next' }).click()
  const whoJoins = page.getByRole('group', { name: 'Who can join' })
  await expect(whoJoins.getByRole('radio', { name: `${name} members first` })).toBeChecked()
  await expect(page.getByRole('radio', { name: 'Open to everyone after 24 hours' })).toBeChecked()
  await expect(page.getByRole('heading', { name: 'Your PlayDate' }).locator('..')).toContainText(
    `${name} members first, everyone after 24 hours`,
  )
  await expectFitsScreen(page)
  await shot(page, 'post-for-group')
  await page.getByRole('button', { name: 'Create PlayDate' }).click()
  await expect(page.getByText('PlayDate created successfully')).toBeVisible()
  await expect(page).toHaveURL(/\/playdates\/[0-9a-f-]{36}$/)
  const gameUrl = new URL(page.url()).pathname
  await expect(page.getByText('Members first', { exact: true })).toBeVisible()

  // Mia is told of it (decision 0178), finds it on the group's page and in Available, marked for
  // members, and applies.
  const miaPage = await mia.newPage()
  await miaPage.goto('/notifications')
  await expect(miaPage.getByRole('listitem').filter({ hasText: `New game in ${name}` })).toContainText(
    `Olga Posts${tag} posted a game for the group`,
  )
  await miaPage.goto(`/groups/${groupId}`)
  const games = miaPage.getByRole('region', { name: 'Upcoming games' })
  await expect(games.getByRole('article')).toHaveCount(1)
  await expect(games.getByRole('article')).toContainText('Members first')
  await expect(games.getByRole('article')).toContainText(`Olga Posts${tag}`)
  // At 375 px the card's dotted lines break only after a dot: the date, the time, and the
  // duration with its day ("2 h · in 12 days") each on one line (docs/decisions/0219).
  await miaPage.setViewportSize({ width: 375, height: 812 })
  const opensLine = games.getByText(/^Open to everyone from /)
  const opens = ((await opensLine.textContent()) ?? '').replace('Open to everyone from ', '')
  const when = games.getByRole('article').locator('time').locator('..')
  const whenText = ((await when.textContent()) ?? '').replace(/\s+/g, ' ')
  for (const part of opens.split(' · ')) expect(await phraseLineCount(opensLine, part), part).toBe(1)
  for (const part of [...whenText.split(' · ').slice(0, 2), whenText.split(' · ').slice(2).join(' · ')])
    expect(await phraseLineCount(when, part), part).toBe(1)
  await miaPage.setViewportSize({ width: 390, height: 844 })
  const available = `/playdates?tab=available&state=AZ&region=tucson&when=range&from=${day}&to=${day}`
  await miaPage.goto(available)
  const card = miaPage.getByRole('article').filter({ hasText: `Olga Posts${tag}` })
  await expect(card).toContainText('Members first')
  await expect(card).toContainText(`${name} · open to everyone from`)
  await expectFitsScreen(miaPage)
  await shot(miaPage, 'available-members-first')
  await card.getByRole('link', { name: /Olga Posts/ }).click()
  await expect(miaPage.getByText('Members first', { exact: true })).toBeVisible()
  await shot(miaPage, 'play-date-page')
  await miaPage.getByRole('link', { name: 'Apply to this PlayDate' }).click()
  await miaPage.getByRole('button', { name: /Join alone/ }).click()
  await miaPage.getByRole('button', { name: 'Submit Application' }).click()
  await expect(miaPage).toHaveURL(new RegExp(`${gameUrl}$`))

  // Sam, in no group, does not see it in Available, nor at its address.
  const samPage = await sam.newPage()
  await samPage.goto(available)
  await expect(samPage.getByRole('heading', { name: 'PlayDates', level: 1 })).toBeVisible()
  await expect(samPage.getByRole('article').filter({ hasText: `Olga Posts${tag}` })).toHaveCount(0)
  await samPage.goto(gameUrl)
  await expect(samPage.getByText('PlayDate Not Found')).toBeVisible()

  // The group's chat: Mia writes, Olga sees it arrive on the group's page.
  await page.goto(`/groups/${groupId}`)
  await expect(page.getByText('Only the members of this group see these messages.')).toBeVisible()
  await miaPage.goto(`/groups/${groupId}`)
  await miaPage.getByRole('textbox', { name: 'Message' }).fill('Who brings the balls on Tuesday?')
  await miaPage.getByRole('button', { name: 'Send' }).click()
  await expect(
    page.getByRole('log', { name: 'Group chat' }).getByText('Who brings the balls on Tuesday?'),
  ).toBeVisible()
  await expectFitsScreen(page)
  await shot(page, 'group-page')
  expect(await violationsInBothThemes(page)).toEqual([])
  await Promise.all([olga.close(), mia.close(), sam.close()])
})
