import { expect, type APIRequestContext, type Page, test } from '@playwright/test'
import { expectFitsScreen, lineCount } from './support/layout'
import { createPlayer } from './support/players'

const suffix = 'PickleMatch | Level Up Your Match'

test.beforeEach(({ page }) => {
  page.on('pageerror', (error) => {
    throw error
  })
})

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`

interface Account {
  firstName: string
  lastName: string
  gender: 'male' | 'female'
  duprRating: string
  birthdate: string
}

async function signUp(request: APIRequestContext, baseURL: string, account: Account) {
  const email = `${account.firstName.toLowerCase()}-${unique()}@example.com`
  const res = await request.post('/api/auth/sign-up', {
    headers: { origin: baseURL },
    data: {
      ...account,
      selfRating: account.duprRating,
      zipCode: '85004',
      email,
      password: 'team-pass-1',
      consent: true,
    },
  })
  expect(res.status(), await res.text()).toBeLessThan(300)
  return email
}

// Signs the page in by following the confirmation link from the development mailbox.
async function confirmAndSignIn(page: Page, email: string) {
  let link: string | undefined
  await expect
    .poll(async () => {
      const res = await page.request.get(`/api/dev/mail?to=${encodeURIComponent(email)}`)
      const messages = (await res.json()) as Array<{ links: string[] }>
      link = messages.flatMap((m) => m.links).find((l) => l.includes('/email-confirmation'))
      return link
    })
    .toBeTruthy()
  await page.goto(link!)
  await expect(page).toHaveURL(/\/dashboard$/)
}

const teamStatus = (page: Page) => page.getByRole('region', { name: 'Your team' }).getByRole('status')

test('a captain adds players, links a profile, checks a team of 4 against the cap, edits and deletes', async ({
  page,
  baseURL,
}) => {
  const tag = unique().replace(/\d/g, 'x')
  // The player to link has a confirmed profile of their own (an account nobody confirmed is not
  // found by the profile search).
  await createPlayer({
    firstName: 'Jordan',
    lastName: `Link${tag}`,
    gender: 'male',
    duprRating: 4.75,
    selfRating: 4.75,
    birthdate: '1990-03-02',
  })
  const captainEmail = await signUp(page.request, baseURL!, {
    firstName: 'Maya',
    lastName: 'Captain',
    gender: 'female',
    duprRating: '4.5',
    birthdate: '1970-06-01',
  })
  await confirmAndSignIn(page, captainEmail)

  await page.goto('/supr-builder')
  await expect(page).toHaveTitle(`SUPR Builder | ${suffix}`)
  await expect(page.getByRole('heading', { level: 1, name: 'SUPR Builder' })).toBeVisible()
  await expect(page.getByText('No players yet')).toBeVisible()
  // The captain alone: 4.50 against the default cap of 9.
  await expect(teamStatus(page)).toContainText('4.50')
  await expect(teamStatus(page)).toContainText('Within Limits')

  // First player, typed in by hand; the form speaks the spec's messages under its fields.
  await page.getByRole('link', { name: 'Add Player' }).click()
  await expect(page).toHaveURL(/\/add-player$/)
  await expect(page).toHaveTitle(`Add Player | ${suffix}`)
  await page.getByRole('button', { name: 'Add Player' }).click()
  for (const message of [
    'First name is required',
    'Last name is required',
    'Gender is required',
    'DUPR rating is required',
  ]) {
    await expect(page.getByText(message, { exact: true })).toBeVisible()
  }
  await expect(page.getByLabel('First name')).toHaveAccessibleDescription('First name is required')
  await page.getByLabel('First name').fill('Carol')
  await page.getByLabel('Last name').fill('Jensen')
  await page.getByRole('radio', { name: 'Female' }).check()
  await expect(page.getByRole('radio', { name: 'Under 50' })).toBeChecked()
  await page.getByRole('radio', { name: '50 or over' }).check()
  await page.getByLabel('DUPR rating').fill('7.5')
  await page.getByLabel('DUPR ID (optional)').fill('CJ48')
  await page.getByRole('button', { name: 'Add Player' }).click()
  await expect(page.getByText('Rating must be at most 7.00')).toBeVisible()
  await expect(page.getByText('Must be 6 characters (letters and numbers)')).toBeVisible()
  await page.getByLabel('DUPR rating').fill('4.25')
  await page.getByLabel('DUPR ID (optional)').fill('CJ4821')
  await page.getByRole('button', { name: 'Add Player' }).click()
  await expect(page.getByText('Player added successfully')).toBeVisible()
  await expect(page).toHaveURL(/\/supr-builder$/)
  await expect(page.getByRole('rowheader', { name: /Carol Jensen/ })).toBeVisible()

  // Second player, found by the profile search and linked.
  await page.getByRole('link', { name: 'Add Player' }).click()
  const search = page.getByLabel('Search players on the platform')
  await search.fill('j')
  await expect(page.getByRole('button', { name: /^Link Jordan/ })).toHaveCount(0)
  await search.fill(`link${tag}`)
  await page.getByRole('button', { name: `Link Jordan Link${tag}` }).click()
  await expect(page.getByText(`Linked to Jordan Link${tag}`)).toBeVisible()
  await expect(page.getByLabel('First name')).toHaveValue('Jordan')
  await expect(page.getByLabel('Last name')).toHaveValue(`Link${tag}`)
  await expect(page.getByRole('radio', { name: 'Male', exact: true })).toBeChecked()
  await expect(page.getByLabel('DUPR rating')).toHaveValue('4.75')
  await page.getByRole('button', { name: 'Add Player' }).click()
  await expect(page.getByText('Player added successfully').last()).toBeVisible()
  await expect(page).toHaveURL(/\/supr-builder$/)
  const jordanRow = page.getByRole('row', { name: new RegExp(`Jordan Link${tag}`) })
  await expect(jordanRow.getByRole('link', { name: /Linked profile/ })).toHaveAttribute(
    'href',
    /^\/profile\/[0-9a-f-]{36}$/,
  )

  // The table sorts by name first; the DUPR header toggles its direction.
  const names = page.locator('tbody th[scope="row"] > span:first-child')
  await expect(names).toHaveText(['Carol Jensen', `Jordan Link${tag}`])
  const duprHeader = page.getByRole('columnheader', { name: 'DUPR' })
  await duprHeader.getByRole('button').click()
  await expect(duprHeader).toHaveAttribute('aria-sort', 'ascending')
  await duprHeader.getByRole('button').click()
  await expect(duprHeader).toHaveAttribute('aria-sort', 'descending')
  await expect(names).toHaveText([`Jordan Link${tag}`, 'Carol Jensen'])
  await page.getByLabel('Search players').fill('car')
  await expect(names).toHaveText(['Carol Jensen'])
  await page.getByLabel('Search players').fill('')
  await expect(names).toHaveCount(2)

  // A team of 2 takes one player besides the captain.
  await page.getByRole('checkbox', { name: 'Select Carol Jensen for the team' }).check()
  await expect(page.getByRole('checkbox', { name: `Select Jordan Link${tag} for the team` })).toBeDisabled()

  // The cap takes only 4 to 28 in steps of 0.1.
  const cap = page.getByLabel('Maximum combined DUPR')
  await cap.fill('3.9')
  await expect(page.getByText('the cap stays at 9.0')).toBeVisible()
  await cap.fill('12')
  await cap.blur()
  await expect(cap).toHaveValue('12')

  // A team of 4: captain 4.50 + Carol 4.25 + Jordan 4.75 = 13.50 is over 12.
  await page.getByRole('radio', { name: '4 players' }).check()
  await page.getByRole('checkbox', { name: `Select Jordan Link${tag} for the team` }).check()
  await expect(teamStatus(page)).toContainText('13.50')
  await expect(teamStatus(page)).toContainText('Too High')

  // Women: captain 4.00, Carol 3.75, Jordan 4.75 = 12.50, still too high.
  await page.getByRole('switch', { name: 'Women reduction' }).click()
  await expect(page.getByRole('switch', { name: 'Women reduction' })).toHaveAttribute('aria-checked', 'true')
  await expect(teamStatus(page)).toContainText('12.50')
  await expect(teamStatus(page)).toContainText('Too High')

  // Over 50 as well (the captain by birth year, Carol by age group): 3.50 + 3.25 + 4.75 = 11.50.
  await page.getByRole('switch', { name: 'Over-50 reduction' }).click()
  await expect(teamStatus(page)).toContainText('11.50')
  await expect(teamStatus(page)).toContainText('Within Limits')

  // Edit Carol: the form comes prefilled, and the team follows the change.
  await page.getByRole('link', { name: 'Edit Carol Jensen' }).click()
  await expect(page).toHaveURL(/\/edit-player\/[0-9a-f-]{36}$/)
  await expect(page).toHaveTitle(`Edit Player | ${suffix}`)
  await expect(page.getByLabel('First name')).toHaveValue('Carol')
  await expect(page.getByLabel('DUPR rating')).toHaveValue('4.25')
  await expect(page.getByLabel('DUPR ID (optional)')).toHaveValue('CJ4821')
  await expect(page.getByRole('radio', { name: '50 or over' })).toBeChecked()
  await page.getByLabel('DUPR rating').fill('5')
  await page.getByRole('button', { name: 'Save Changes' }).click()
  await expect(page.getByText('Player updated successfully')).toBeVisible()
  await expect(page).toHaveURL(/\/supr-builder$/)
  // 3.50 + 4.00 + 4.75 = 12.25: the settings and the team were kept.
  await expect(teamStatus(page)).toContainText('12.25')
  await expect(teamStatus(page)).toContainText('Too High')

  // Delete Jordan after confirming in the dialog; the team loses him too.
  await jordanRow.getByRole('button', { name: `Delete Jordan Link${tag}` }).click()
  const dialog = page.getByRole('dialog')
  await expect(dialog).toContainText('Are you sure you want to delete this player?')
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(dialog).toBeHidden()
  await jordanRow.getByRole('button', { name: `Delete Jordan Link${tag}` }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click()
  await expect(page.getByText('Player deleted successfully')).toBeVisible()
  await expect(names).toHaveText(['Carol Jensen'])
  await expect(teamStatus(page)).toContainText('7.50')
  await expect(teamStatus(page)).toContainText('Within Limits')

  // Someone else's or an unknown player id shows a not-found view, not a form.
  await page.goto('/edit-player/00000000-0000-4000-8000-000000000000')
  await expect(page.getByRole('heading', { name: 'Player not found' })).toBeVisible()
})

test('Train with Friends without friends points to Player Connections', async ({ page, baseURL }) => {
  const email = await signUp(page.request, baseURL!, {
    firstName: 'Solo',
    lastName: 'Player',
    gender: 'male',
    duprRating: '3.5',
    birthdate: '1995-01-01',
  })
  await confirmAndSignIn(page, email)
  await page.goto('/training')
  await expect(page).toHaveTitle(`Train with Friends | ${suffix}`)
  await expect(page.getByRole('heading', { name: 'No friends yet' })).toBeVisible()
  await page.getByRole('link', { name: 'Go to Player Connections' }).click()
  await expect(page).toHaveURL(/\/connections$/)
})

test('signed-out visitors can read About, Glossary, Terms and Privacy', async ({ page }) => {
  await page.goto('/about#roadmap')
  await expect(page).toHaveTitle(`About Us | ${suffix}`)
  await expect(page.getByRole('heading', { name: 'Road map' })).toBeInViewport()
  await expect(page.getByText('Easy Rating', { exact: true }).first()).toBeVisible()
  await page.goto('/about#help')
  const question = page.getByText('How does the SUPR Builder add up a team?')
  await question.click()
  await expect(page.getByText(/minus 0.5 for a woman/)).toBeVisible()

  await page.goto('/glossary')
  await expect(page).toHaveTitle(`Glossary | ${suffix}`)
  await expect(page.locator('dt')).toHaveCount(33)
  await page.getByLabel('Find a term').fill('non-volley')
  await expect(page.locator('dt')).toHaveText([/^Erne/, /^Kitchen \(also: Non-volley zone, NVZ\)/])

  await page.goto('/terms')
  await expect(page).toHaveTitle(`Terms of Service | ${suffix}`)
  await expect(page.getByText(/does not collect, hold, transfer or refund money/)).toBeVisible()

  await page.goto('/privacy')
  await expect(page).toHaveTitle(`Privacy Policy | ${suffix}`)
  await expect(page.getByRole('heading', { name: 'Cookies' })).toBeVisible()

  // The builder itself needs an account.
  await page.goto('/supr-builder')
  await expect(page).toHaveURL(/\/$/)
})

test('the players table fits a phone screen @phone-only', async ({ page, baseURL }) => {
  const email = await signUp(page.request, baseURL!, {
    firstName: 'Phone',
    lastName: 'Captain',
    gender: 'female',
    duprRating: '3.75',
    birthdate: '1988-08-08',
  })
  await confirmAndSignIn(page, email)
  await page.goto('/add-player')
  await page.getByLabel('First name').fill('Alexandra')
  await page.getByLabel('Last name').fill('Montgomery-Whitfield')
  await page.getByRole('radio', { name: 'Female' }).check()
  await page.getByLabel('DUPR rating').fill('3.9')
  await page.getByRole('button', { name: 'Add Player' }).click()
  await expect(page).toHaveURL(/\/supr-builder$/)

  const row = page.getByRole('row', { name: /Alexandra Montgomery-Whitfield/ })
  // Every control of the row is on screen once the row is: nothing hides off to the side.
  await row.scrollIntoViewIfNeeded()
  await expect(row.getByRole('link', { name: 'Edit Alexandra Montgomery-Whitfield' })).toBeInViewport()
  await expect(row.getByRole('button', { name: 'Delete Alexandra Montgomery-Whitfield' })).toBeInViewport()
  await expect(row.getByRole('checkbox')).toBeInViewport()
  await row.getByRole('checkbox').check()
  await expect(teamStatus(page)).toContainText('7.65')
  await expectFitsScreen(page)
  // The count is the team's, the captain in it, as the team size "2 players" counts it.
  await expect(
    page.getByText('Team full: 2 of 2 players, you included. Remove a player to choose another.'),
  ).toBeVisible()

  // Deleted on another device: after a reload the choice holds only players that still exist
  // (it counted the deleted one, and a full team could not be changed).
  const listed = (await (await page.request.get('/api/players')).json()) as Array<{
    id: string
    lastName: string
  }>
  const gone = listed.find((player) => player.lastName === 'Montgomery-Whitfield')!
  const origin = { origin: baseURL! }
  const other = { firstName: 'Bo', lastName: 'Short', gender: 'male', duprRating: 3.5 }
  expect((await page.request.post('/api/players', { headers: origin, data: other })).status()).toBe(201)
  expect((await page.request.delete(`/api/players/${gone.id}`, { headers: origin })).status()).toBe(204)
  await page.reload()
  await expect(
    page.getByText('Your team: 1 of 2 players, you included. Choose 1 more.', { exact: true }),
  ).toBeVisible()
  await expect(page.getByRole('row', { name: /Bo Short/ }).getByRole('checkbox')).toBeEnabled()

  // On a phone, a select stands in for the column headers that fold away.
  await page.getByLabel('Sort by').selectOption('duprRating:descending')
  await expect(page.getByRole('columnheader', { name: 'DUPR' })).toHaveAttribute('aria-sort', 'descending')

  // On the narrowest phone a name stays whole, and so does its age group: Edit sits over Delete
  // to leave the name its room.
  await page.setViewportSize({ width: 375, height: 812 })
  const carol = {
    firstName: 'Carol',
    lastName: 'Jensen',
    gender: 'female',
    duprRating: 3.6,
    ageGroup: '50_or_over',
  }
  expect((await page.request.post('/api/players', { headers: origin, data: carol })).status()).toBe(201)
  await page.reload()
  const carolRow = page.getByRole('row', { name: /Carol Jensen/ })
  expect(await lineCount(carolRow.getByText('Carol Jensen', { exact: true }))).toBe(1)
  expect(await lineCount(carolRow.getByRole('rowheader').getByText('50 or over', { exact: true }))).toBe(1)
  await carolRow.scrollIntoViewIfNeeded()
  await expect(carolRow.getByRole('link', { name: 'Edit Carol Jensen' })).toBeInViewport()
  await expectFitsScreen(page)
})
