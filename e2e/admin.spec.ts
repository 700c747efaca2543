import { expect, test } from '@playwright/test'
import {
  appOrigin,
  befriend,
  createPlayDate,
  createPlayer,
  linkFromMailbox,
  signInAdmin,
  signInContext,
} from './support/players'
import { expectFitsScreen, lineCount } from './support/layout'

test(
  'an admin pauses and resumes a player, creates a signup code that a new visitor uses, and deletes a PlayDate',
  { tag: '@postgres' },
  async ({ browser }) => {
    const adminContext = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] })
    await signInAdmin(adminContext)
    const admin = await adminContext.newPage()

    // A player with an open session.
    const tag = Math.random().toString(36).slice(2, 7)
    const pausedPlayer = await createPlayer({
      firstName: 'Paula',
      lastName: `Pause${tag}`,
    })
    const playerContext = await browser.newContext()
    await signInContext(playerContext, pausedPlayer)
    const playerPage = await playerContext.newPage()
    await playerPage.goto('/dashboard')
    // The top bar's name (the menu, closed, holds a copy for much larger text: 0228).
    await expect(playerPage.getByText(`Paula Pause${tag}`).filter({ visible: true })).toBeVisible()

    // Find and pause.
    await admin.goto('/admin')
    await expect(admin).toHaveTitle('Admin Dashboard | PickleMatch | Level Up Your Match')
    // The section tabs work from the keyboard: arrows move the focus, Enter opens the tab.
    await admin.getByRole('tab', { name: 'Overview' }).focus()
    await admin.keyboard.press('ArrowLeft')
    await expect(admin.getByRole('tab', { name: 'PlayDate Management' })).toBeFocused()
    await admin.keyboard.press('Home')
    await admin.keyboard.press('ArrowRight')
    await expect(admin.getByRole('tab', { name: 'User Management' })).toBeFocused()
    await admin.keyboard.press('Enter')
    await expect(admin.getByRole('tab', { name: 'User Management' })).toHaveAttribute('aria-selected', 'true')
    await admin.getByPlaceholder('Search users by name or email...').fill(`pause${tag}`)
    const row = admin.getByRole('row', { name: new RegExp(`Paula Pause${tag}`) })
    await expect(row).toBeVisible()
    await expect(admin.getByText('Showing 1 to 1 of 1 users')).toBeVisible()
    // Sorting by a name from the filters starts at A, as a new column header does.
    await admin.getByRole('button', { name: 'Filters' }).click()
    await admin.getByLabel('Sort By').selectOption('first_name')
    await expect(admin.getByRole('columnheader', { name: /Name/ }).first()).toHaveAttribute(
      'aria-sort',
      'ascending',
    )
    await row.getByRole('button', { name: /Pause Access/ }).click()
    await expect(admin.getByText('User access paused')).toBeVisible()
    await expect(row.getByText('Paused', { exact: true })).toBeVisible()

    // The player's open page hears of it at once (the live stream): told why, and signed out.
    await expect(playerPage.getByText('Your access has been paused')).toBeVisible()
    await expect(playerPage).toHaveURL(`${appOrigin}/`)

    // The player's session is over, and signing in again is refused.
    await playerPage.goto('/dashboard')
    await expect(playerPage).toHaveURL(`${appOrigin}/`)
    await playerPage.goto('/signin')
    await playerPage.getByLabel('Email').fill(pausedPlayer.email)
    await playerPage.getByLabel('Password').fill(pausedPlayer.password)
    await playerPage.getByRole('button', { name: 'Sign In' }).click()
    await expect(playerPage.getByText('Your access has been paused')).toBeVisible()

    // Details, then resume.
    await row.getByRole('button', { name: /View details/ }).click()
    const details = admin.getByRole('dialog', { name: 'User Details' })
    await expect(details.getByText('Access Paused')).toBeVisible()
    await details.getByRole('button', { name: 'Resume Access' }).click()
    await expect(admin.getByText('User access resumed')).toBeVisible()
    await expect(details.getByText('Resumed access by Ada Admin', { exact: false })).toBeVisible()
    await details.getByRole('button', { name: 'Close' }).last().click()
    const back = await playerContext.request.post('/api/auth/sign-in', {
      headers: { origin: appOrigin },
      data: { email: pausedPlayer.email, password: pausedPlayer.password },
    })
    expect(back.status()).toBe(200)

    // The admin's own row: pausing themselves or changing their own admin status is marked
    // unavailable, with the reason, and a tap on it asks nothing of the server.
    await admin.getByPlaceholder('Search users by name or email...').fill('admin@e2e.picklematch.test')
    const ownRow = admin.getByRole('row', { name: /\(you\)/ })
    const ownPause = ownRow.getByRole('button', { name: /Pause Access/ })
    await expect(ownPause).toHaveAttribute('aria-disabled', 'true')
    await expect(ownPause).toHaveAccessibleDescription('You cannot pause your own access')
    await expect(ownRow.getByRole('button', { name: /Remove Admin/ })).toHaveAccessibleDescription(
      'You cannot change your own admin status',
    )
    await ownPause.click({ force: true })
    await expect(admin.locator('[data-sonner-toast]').filter({ hasText: 'your own access' })).toHaveCount(0)

    // A signup code with a URL code, its link copied.
    const urlCode = `e2e-${tag}`
    await admin.goto('/admin/signup-codes')
    await expect(admin).toHaveTitle('Signup Codes | PickleMatch | Level Up Your Match')
    await admin.getByRole('button', { name: 'Create Code' }).click()
    const create = admin.getByRole('dialog', { name: 'Create Signup Code' })
    await create.getByLabel('URL Code (Optional)').fill('no')
    await create.getByRole('button', { name: 'Create Code' }).click()
    await expect(
      create.getByText(
        'URL code must be 3-50 characters and contain only letters, numbers, underscores, and hyphens',
      ),
    ).toBeVisible()
    await create.getByLabel('URL Code (Optional)').fill(urlCode)
    await create.getByRole('button', { name: 'Create Code' }).click()
    await expect(admin.getByText('Code created successfully')).toBeVisible()
    const codeRow = admin.getByRole('row', { name: new RegExp(urlCode) })
    await expect(codeRow.getByText('Available')).toBeVisible()
    await codeRow.getByRole('button', { name: `Copy link for ${urlCode}` }).click()
    await expect(admin.getByText('Copied to clipboard')).toBeVisible()
    await expect(codeRow.getByText('Copied!')).toBeAttached()
    const link = await admin.evaluate(() => navigator.clipboard.readText())
    expect(link).toBe(`${appOrigin}/signup?code=${urlCode}`)

    // A new visitor signs up with the link.
    const visitorContext = await browser.newContext()
    const visitor = await visitorContext.newPage()
    await visitor.goto(link)
    await expect(visitor.getByRole('heading', { level: 1, name: 'Sign Up' })).toBeVisible()
    const email = `newcomer-${tag}@example.com`
    await visitor.getByLabel('First name').fill('Nia')
    await visitor.getByLabel('Last name').fill(`Newcomer${tag}`)
    await visitor.getByLabel('Gender').selectOption('female')
    await visitor.getByLabel('DUPR rating', { exact: true }).fill('3.25')
    await visitor.getByLabel('Self rating').fill('3.5')
    await visitor.getByLabel('Birthdate').fill('1995-02-03')
    await visitor.getByLabel('ZIP code', { exact: true }).fill('85281')
    await visitor.getByLabel('Email').fill(email)
    await visitor.getByLabel('Password').fill('newcomer-1')
    await visitor.getByRole('checkbox', { name: /I agree to the Terms/ }).check()
    await visitor.getByRole('button', { name: 'Create Account' }).click()
    await expect(visitor).toHaveURL(/\/email-confirmation/)
    expect(await linkFromMailbox(visitorContext.request, email, '/email-confirmation')).toContain('token=')

    // From here on, a phone: each table row is a card, with nothing to scroll sideways.
    await admin.setViewportSize({ width: 375, height: 740 })
    const fitsAPhone = async () => {
      await expectFitsScreen(admin)
      const frame = admin.getByRole('table').locator('..')
      expect(await frame.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true)
    }
    await admin.reload()
    await expect(codeRow.getByText('Used')).toBeVisible()
    await expect(codeRow.getByText(`Nia Newcomer${tag}`)).toBeVisible()
    await fitsAPhone()

    // A PlayDate, deleted from PlayDate Management.
    const creatorContext = await browser.newContext()
    const partnerContext = await browser.newContext()
    await signInContext(creatorContext, await createPlayer({ firstName: 'Cleo', lastName: `Creator${tag}` }))
    await signInContext(partnerContext, await createPlayer({ firstName: 'Pia', lastName: `Partner${tag}` }))
    await befriend(creatorContext, partnerContext)
    await createPlayDate(creatorContext, partnerContext, `Doomed game ${tag}`, {
      place: 'Kiwanis Park court 3',
    })
    await admin.goto('/admin?tab=play-dates')
    // Every admin tab is in sight on the phone, the selected one included: none is cut off.
    const adminTabs = admin.getByRole('tablist', { name: 'Admin sections' }).getByRole('tab')
    await expect(adminTabs).toHaveCount(7)
    for (const tab of await adminTabs.all()) {
      const box = (await tab.boundingBox())!
      expect(box.x).toBeGreaterThanOrEqual(0)
      expect(box.x + box.width).toBeLessThanOrEqual(375)
      expect(box.height).toBeGreaterThanOrEqual(44)
    }
    // The search applies half a second after the last key (a fresh database may hold this one
    // PlayDate only, so the count alone does not say the search is in).
    const searched = admin.waitForResponse(
      (response) =>
        response.url().includes('/api/admin/play-dates?') && response.url().includes(`search=creator${tag}`),
    )
    await admin.getByPlaceholder('Search play dates by creator or partner name...').fill(`creator${tag}`)
    await searched
    await expect(admin.getByText('Showing 1 to 1 of 1 play dates')).toBeVisible()
    const playDateRow = admin.getByRole('row', { name: new RegExp(`Cleo Creator${tag}`) })
    await fitsAPhone()
    // The columns that sort are still a row of buttons above the cards.
    await admin.getByRole('columnheader', { name: 'Payment' }).getByRole('button').click()
    await expect(admin.getByRole('columnheader', { name: 'Payment' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    )
    await playDateRow.getByRole('button', { name: /View PlayDate/ }).click()
    const playDateDialog = admin.getByRole('dialog', { name: 'Pay to Challenge PlayDate' })
    await expect(playDateDialog.getByText(`Doomed game ${tag}`)).toBeVisible()
    await expect(playDateDialog.getByText('Looking to Pay Higher Level Players')).toBeVisible()
    // When and where the game is, as its players read it.
    await expect(playDateDialog.locator('time')).toContainText('8:00 AM MST')
    await expect(playDateDialog.getByText('Kiwanis Park court 3')).toBeVisible()
    await playDateDialog.getByRole('button', { name: 'Close' }).last().click()
    await playDateRow.getByRole('button', { name: /Delete PlayDate/ }).click()
    const confirm = admin.getByRole('dialog', { name: 'Confirm Deletion' })
    await expect(confirm.getByText('This action cannot be undone.')).toBeVisible()
    await confirm.getByRole('button', { name: 'Delete PlayDate' }).click()
    await expect(admin.getByText('PlayDate deleted successfully')).toBeVisible()
    await expect(admin.getByText('No play dates found')).toBeVisible()

    for (const context of [adminContext, playerContext, visitorContext, creatorContext, partnerContext])
      await context.close()
  },
)

test('a player who is not an admin sees Access Denied and goes to the dashboard', async ({ browser }) => {
  const context = await browser.newContext()
  const player = await createPlayer({ firstName: 'Reg' })
  await signInContext(context, player)
  const page = await context.newPage()
  await page.goto('/admin')
  await expect(page.getByText('You do not have permission to access this page.')).toBeVisible()
  await expect(page).toHaveURL(`${appOrigin}/dashboard`)
  const api = await context.request.get('/api/admin/users')
  expect(api.status()).toBe(403)
  await context.close()
})

// On a phone the table stacks into cards and no tooltip shows: each action says what it does
// beside its icon, at least 44 px tall, and the row still fits the screen.
test(
  'on a phone an admin reads what each action on a player, a PlayDate and a signup code does',
  { tag: '@phone-only' },
  async ({ browser }) => {
    const tag = Math.random().toString(36).slice(2, 7)
    const adminContext = await browser.newContext({
      viewport: { width: 375, height: 812 },
      isMobile: true,
      hasTouch: true,
    })
    await signInAdmin(adminContext)
    const creatorContext = await browser.newContext()
    const partnerContext = await browser.newContext()
    await signInContext(creatorContext, await createPlayer({ firstName: 'Cora', lastName: `Phone${tag}` }))
    await signInContext(partnerContext, await createPlayer({ firstName: 'Pip', lastName: `Phone${tag}` }))
    await befriend(creatorContext, partnerContext)
    await createPlayDate(creatorContext, partnerContext, `Phone game ${tag}`)
    const admin = await adminContext.newPage()

    await admin.goto('/admin?tab=users')
    await admin.getByPlaceholder('Search users by name or email...').fill(`cora phone${tag}`)
    const row = admin.getByRole('row', { name: new RegExp(`Cora Phone${tag}`) })
    for (const word of ['View', 'Make Admin', 'Pause Access']) {
      const action = row.getByRole('button', { name: new RegExp(`^${word}`) })
      expect((await action.getByText(word, { exact: true }).boundingBox())!.width).toBeGreaterThan(20)
      expect((await action.boundingBox())!.height).toBeGreaterThanOrEqual(44)
    }
    // The card is compact (docs/decisions/0217): the status beside the name, then gender, ratings
    // and registration day side by side, each under its label, then the actions.
    const [name, gender, dupr, registered, status, actions] = await Promise.all(
      [0, 1, 2, 3, 4, 5].map(async (i) => (await row.getByRole('cell').nth(i).boundingBox())!),
    )
    expect(status!.y).toBeLessThan(name!.y + name!.height)
    expect(status!.x).toBeGreaterThan(name!.x + name!.width - 1)
    expect(gender!.y).toBeGreaterThanOrEqual(name!.y + name!.height)
    expect([dupr!.y, registered!.y]).toEqual([gender!.y, gender!.y])
    expect(actions!.y).toBeGreaterThanOrEqual(dupr!.y + dupr!.height)
    // The three actions share one line across the card (docs/decisions/0221), each word whole, with
    // the longest words too: once Cora is an admin and paused.
    await row.getByRole('button', { name: /^Make Admin/ }).click()
    await row.getByRole('button', { name: /^Pause Access/ }).click()
    const longest = ['View', 'Remove Admin', 'Resume Access']
    for (const word of longest) {
      const action = row.getByRole('button', { name: new RegExp(`^${word}`) })
      expect(await lineCount(action.getByText(word, { exact: true }))).toBe(1)
    }
    // Read at one moment: the list may still move on the page (read again after each action).
    const boxes = await row.evaluate(
      (element, words) =>
        words.map((word) => {
          const button = [...element.querySelectorAll('button')].find((b) =>
            b.textContent?.trim().startsWith(word),
          )
          const { x, y, width } = button!.getBoundingClientRect()
          return { x, y, width }
        }),
      longest,
    )
    expect(boxes.map((box) => box.y)).toEqual(boxes.map(() => boxes[0]!.y))
    expect(boxes[2]!.x + boxes[2]!.width).toBeGreaterThan(actions!.x + actions!.width - 20)
    // Beside Filters, Refresh is a word too, not an arrow alone.
    expect((await admin.getByRole('button', { name: 'Refresh' }).boundingBox())!.width).toBeGreaterThan(80)
    await expectFitsScreen(admin)

    await admin.goto('/admin?tab=play-dates')
    await admin.getByPlaceholder('Search play dates by creator or partner name...').fill(`phone${tag}`)
    const playDateRow = admin.getByRole('row', { name: new RegExp(`Cora Phone${tag}`) })
    await expect(playDateRow.getByRole('button', { name: /^View PlayDate/ })).toContainText('View')
    await expect(playDateRow.getByRole('button', { name: /^Delete PlayDate/ })).toContainText('Delete')
    await expectFitsScreen(admin)

    // A signup code's copy buttons say what each copies.
    const code = await adminContext.request.post('/api/admin/signup-codes', {
      headers: { origin: appOrigin },
      data: { urlCode: `phone-${tag}` },
    })
    expect(code.status()).toBe(201)
    await admin.goto('/admin/signup-codes')
    const codeRow = admin.getByRole('row', { name: new RegExp(`phone-${tag}`) })
    for (const word of ['Copy code', 'Copy link']) {
      const action = codeRow.getByRole('button', { name: new RegExp(`^${word}`) })
      expect((await action.getByText(word, { exact: true }).boundingBox())!.width).toBeGreaterThan(20)
    }
    await expectFitsScreen(admin)

    for (const context of [adminContext, creatorContext, partnerContext]) await context.close()
  },
)
