import { type Browser, expect, type Page, test } from '@playwright/test'
import { violationsInBothThemes } from './support/axe'
import { expectFitsScreen } from './support/layout'
import { appOrigin, createPlayer, headers, signInContext } from './support/players'

// Groups of regulars (docs/decisions/0166-groups.md), on a phone: a group is made, a player joins
// by its link, the owner names an organiser; an invite-only group's link asks, an organiser
// accepts.

async function signedIn(browser: Browser, firstName: string, lastName: string) {
  const context = await browser.newContext({
    baseURL: appOrigin,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  })
  await signInContext(context, await createPlayer({ firstName, lastName }))
  return context
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

  // Ann opens the link, sees the group and joins it.
  const annPage = await ann.newPage()
  await annPage.goto(link)
  await expect(annPage.getByRole('heading', { name: `Tuesday Dinkers ${tag}` })).toBeVisible()
  await expect(annPage.getByText('Anyone with this link can join.')).toBeVisible()
  await expectFitsScreen(annPage)
  await annPage.getByRole('button', { name: 'Join group' }).click()
  await expect(annPage.getByText(`Welcome to Tuesday Dinkers ${tag}`)).toBeVisible()
  const members = annPage.getByRole('region', { name: /Members/ })
  await expect(members).toContainText(`Olga Owner${tag}`)
  await expect(members).toContainText(`Ann Joins${tag} (you)`)
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
  await annCard.getByRole('button', { name: /Make organiser/ }).click()
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
