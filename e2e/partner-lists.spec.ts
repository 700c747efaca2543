import {
  type BrowserContext,
  expect,
  type Locator,
  type Page,
  request as playwrightRequest,
  test,
} from '@playwright/test'
import { appOrigin, headers, linkFromMailbox, signInContext, uniqueEmail } from './support/players'
import { lineCount } from './support/layout'

const suffix = 'PickleMatch | Level Up Your Match'

test.beforeEach(({ page }) => {
  page.on('pageerror', (error) => {
    throw error
  })
})

interface Player {
  id: string
  email: string
  password: string
  firstName: string
  lastName: string
}

// A confirmed player made through the API, in a request context of its own.
async function createPlayer(firstName: string, lastName: string): Promise<Player> {
  const email = uniqueEmail(firstName)
  const password = 'pickle-pass-1'
  const request = await playwrightRequest.newContext({ baseURL: appOrigin })
  const signUp = await request.post('/api/auth/sign-up', {
    headers,
    data: {
      firstName,
      lastName,
      email,
      password,
      gender: 'female',
      duprRating: 3.75,
      selfRating: 4,
      birthdate: '1990-06-15',
      zipCode: '85004',
      consent: true,
    },
  })
  expect(signUp.status(), await signUp.text()).toBe(201)
  const token = new URL(await linkFromMailbox(request, email, '/email-confirmation')).searchParams.get(
    'token',
  )
  const confirmed = await request.post('/api/auth/confirm-email', { headers, data: { token } })
  expect(confirmed.status(), await confirmed.text()).toBe(200)
  const { user } = (await confirmed.json()) as { user: { id: string } }
  await request.dispose()
  return { id: user.id, email, password, firstName, lastName }
}

// `a` (signed in in `context`) sends a friend request that `b` accepts.
async function befriend(context: BrowserContext, b: Player) {
  const sent = await context.request.post('/api/connections/friend-requests', {
    headers,
    data: { receiverId: b.id },
  })
  expect(sent.status(), await sent.text()).toBe(201)
  const { id } = (await sent.json()) as { id: string }
  const other = await playwrightRequest.newContext({ baseURL: appOrigin })
  const signedIn = await other.post('/api/auth/sign-in', {
    headers,
    data: { email: b.email, password: b.password },
  })
  expect(signedIn.status()).toBe(200)
  const accepted = await other.post(`/api/connections/${id}/accept`, { headers })
  expect(accepted.status(), await accepted.text()).toBe(200)
  await other.dispose()
}

const entries = (page: Page) => page.getByRole('list', { name: 'Partners in order of preference' })
const entryNames = (page: Page) => entries(page).getByRole('heading', { level: 2 })
const entryOf = (page: Page, name: string) =>
  entries(page)
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 2, name, exact: true }) })
const handleOf = (page: Page, name: string) =>
  page.getByRole('button', { name: new RegExp(`^Reorder ${name},`) })

async function dragTo(page: Page, source: Locator, target: Locator) {
  const from = (await source.boundingBox())!
  const to = (await target.boundingBox())!
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2)
  await page.mouse.down()
  // Past the activation distance, then in steps to just above the target.
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 - 10, { steps: 3 })
  await page.mouse.move(to.x + to.width / 2, to.y + 4, { steps: 15 })
  await page.mouse.up()
}

async function savedOrder(page: Page) {
  const id = page.url().split('/').pop()!
  const res = await page.request.get(`/api/partner-lists/${id}`)
  const list = (await res.json()) as { entries: Array<{ firstName: string; orderPosition: number }> }
  return list.entries.map((e) => `${e.orderPosition}:${e.firstName}`)
}

test('a player keeps a partner list, invites a partner by email, and the partner signs up through the link', async ({
  page,
  context,
  browser,
}) => {
  const [owner, friend] = await Promise.all([
    createPlayer('Olivia', `Owner${Date.now().toString(36)}`),
    createPlayer('Frank', `Friend${Date.now().toString(36)}`),
  ])
  const friendName = `${friend.firstName} ${friend.lastName}`
  const inviteeEmail = uniqueEmail('riley')
  await signInContext(context, owner)

  // No friends yet: the banner, and no way to create a list.
  await page.goto('/partner-lists')
  await expect(page).toHaveTitle(`Partner Lists | ${suffix}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Partner Lists' })).toBeVisible()
  await expect(page.getByText('You need at least one friend to create a partner list')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Create List' })).toBeDisabled()
  await expect(page.getByText('No partner lists')).toBeVisible()

  await befriend(context, friend)
  await page.reload()
  await expect(page.getByText('You need at least one friend to create a partner list')).toBeHidden()

  // Create a list.
  await page.getByRole('button', { name: 'Create List' }).click()
  const createDialog = page.getByRole('dialog', { name: 'Create List' })
  await createDialog.getByRole('button', { name: 'Create List' }).click()
  await expect(createDialog.getByText('List name is required')).toBeVisible()
  await createDialog.getByLabel('List Name').fill('  Spring Open  ')
  await createDialog.getByRole('button', { name: 'Create List' }).click()
  await expect(page.getByText('List created successfully')).toBeVisible()
  await page.getByRole('link', { name: 'Open Spring Open' }).click()

  await expect(page).toHaveURL(/\/partner-lists\/[0-9a-f-]{36}$/)
  await expect(page).toHaveTitle(`Partner List Details | ${suffix}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Spring Open' })).toBeVisible()
  await expect(page.getByText('No partners added')).toBeVisible()

  // A friend from the friends list.
  await page.getByRole('button', { name: 'Add Partner' }).click()
  let addDialog = page.getByRole('dialog', { name: 'Add Partner' })
  await expect(addDialog.getByRole('tab', { name: 'Select Friend' })).toHaveAttribute('aria-selected', 'true')
  await addDialog.getByRole('button', { name: `Add ${friendName}` }).click()
  await expect(page.getByText('Partner added to list')).toBeVisible()
  await expect(entryNames(page)).toHaveText([friendName])

  // Now listed: disabled and labelled.
  await page.getByRole('button', { name: 'Add Partner' }).click()
  addDialog = page.getByRole('dialog', { name: 'Add Partner' })
  const listed = addDialog.getByRole('button', { name: `${friendName}: Already in list` })
  await expect(listed).toBeDisabled()
  await expect(listed).toHaveText('Already in list')

  // Two people by hand, with the keyboard on the tabs.
  await addDialog.getByRole('tab', { name: 'Select Friend' }).focus()
  await page.keyboard.press('ArrowRight')
  await expect(addDialog.getByRole('tab', { name: 'Add Manually' })).toHaveAttribute('aria-selected', 'true')
  await addDialog.getByLabel('First name').fill('Riley')
  await addDialog.getByRole('button', { name: 'Add Partner' }).click()
  await expect(addDialog.getByText('Please enter both first and last name')).toBeVisible()
  await addDialog.getByLabel('Last name').fill('Invitee')
  await addDialog.getByLabel('Email (optional)').fill('not-an-email')
  await addDialog.getByRole('button', { name: 'Add Partner' }).click()
  await expect(addDialog.getByText('Please enter a valid email address')).toBeVisible()
  await addDialog.getByLabel('Email (optional)').fill(inviteeEmail)
  await addDialog.getByRole('button', { name: 'Add Partner' }).click()
  await expect(page.getByText('Partner added to list').first()).toBeVisible()
  await expect(entryNames(page)).toHaveText([friendName, 'Riley Invitee'])

  await page.getByRole('button', { name: 'Add Partner' }).click()
  addDialog = page.getByRole('dialog', { name: 'Add Partner' })
  await addDialog.getByRole('tab', { name: 'Add Manually' }).click()
  await addDialog.getByLabel('First name').fill('Casey')
  await addDialog.getByLabel('Last name').fill('Third')
  await addDialog.getByRole('button', { name: 'Add Partner' }).click()
  await expect(entryNames(page)).toHaveText([friendName, 'Riley Invitee', 'Casey Third'])

  // Drag with the mouse: Casey to the top (a window tall enough to show the whole list).
  await page.setViewportSize({ width: 1280, height: 1200 })
  await dragTo(page, handleOf(page, 'Casey Third'), entryOf(page, friendName))
  await expect(entryNames(page)).toHaveText(['Casey Third', friendName, 'Riley Invitee'])
  await expect.poll(() => savedOrder(page)).toEqual(['0:Casey', '1:Frank', '2:Riley'])

  // With the keyboard: Casey down one place.
  const announcer = page.locator('[id^="DndLiveRegion"]')
  await handleOf(page, 'Casey Third').focus()
  await page.keyboard.press('Space')
  await expect(announcer).toHaveText('Picked up Casey Third, at position 1 of 3.')
  // dnd-kit starts listening for the arrow keys in a timer set as the item is picked up; a timer
  // set now runs after it, so the next key is heard (pressed at once, it was sometimes lost).
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)))
  await page.keyboard.press('ArrowDown')
  await expect(announcer).toHaveText('Casey Third is over position 2 of 3.')
  await page.keyboard.press('Space')
  await expect(announcer).toHaveText('Casey Third dropped at position 2 of 3.')
  await expect(entryNames(page)).toHaveText([friendName, 'Casey Third', 'Riley Invitee'])
  await expect.poll(() => savedOrder(page)).toEqual(['0:Frank', '1:Casey', '2:Riley'])
  await page.reload()
  await expect(entryNames(page)).toHaveText([friendName, 'Casey Third', 'Riley Invitee'])

  // Status and notes.
  const friendStatus = page.getByRole('group', { name: `Status of ${friendName}` })
  await expect(friendStatus.getByRole('button', { name: 'Available?' })).toHaveAttribute(
    'aria-pressed',
    'true',
  )
  await friendStatus.getByRole('button', { name: 'Maybe' }).click()
  await expect(friendStatus.getByRole('button', { name: 'Maybe' })).toHaveAttribute('aria-pressed', 'true')
  await page
    .getByRole('group', { name: 'Status of Riley Invitee' })
    .getByRole('button', { name: 'Confirmed' })
    .click()
  await page
    .getByRole('group', { name: 'Status of Casey Third' })
    .getByRole('button', { name: 'Not interested' })
    .click()
  await page.getByRole('button', { name: `Add notes for ${friendName}` }).click()
  await page.getByLabel(`Notes for ${friendName}`).fill('Strong at the kitchen line')
  await page.getByRole('button', { name: 'Save notes' }).click()
  await expect(page.getByText('Notes updated')).toBeVisible()
  await page.reload()
  await expect(friendStatus.getByRole('button', { name: 'Maybe' })).toHaveAttribute('aria-pressed', 'true')
  await expect(
    page
      .getByRole('group', { name: 'Status of Casey Third' })
      .getByRole('button', { name: 'Not interested' }),
  ).toHaveAttribute('aria-pressed', 'true')
  await expect(
    page.getByRole('group', { name: 'Status of Riley Invitee' }).getByRole('button', { name: 'Confirmed' }),
  ).toHaveAttribute('aria-pressed', 'true')
  await expect(entryOf(page, friendName).getByText('Strong at the kitchen line')).toBeVisible()
  // A friend is on the app already: no invitation.
  await expect(entryOf(page, friendName).getByRole('button', { name: /invite/ })).toHaveCount(0)

  // Without an email, the invitation asks for one.
  await page.getByRole('button', { name: 'Send invite to Casey Third' }).click()
  const emailDialog = page.getByRole('dialog', { name: 'Invite Casey Third' })
  await expect(emailDialog.getByText('No email address available for this partner')).toBeVisible()
  await emailDialog.getByRole('button', { name: 'Cancel' }).click()

  // Remove Casey.
  await page.getByRole('button', { name: 'Remove Casey Third' }).click()
  await expect(page.getByText('Are you sure you want to remove this partner from the list?')).toBeVisible()
  await page.getByRole('dialog', { name: 'Remove partner' }).getByRole('button', { name: 'Remove' }).click()
  await expect(page.getByText('Partner removed from list')).toBeVisible()
  await expect(entryNames(page)).toHaveText([friendName, 'Riley Invitee'])

  // Invite Riley.
  await page.getByRole('button', { name: 'Send invite to Riley Invitee' }).click()
  // One toast, in the spec's words.
  const toasts = page.locator('[data-sonner-toaster] [data-sonner-toast]')
  await expect(toasts.filter({ hasText: `Invitation sent to ${inviteeEmail}` })).toHaveCount(1)
  await expect(toasts.filter({ hasText: 'Invitation sent' })).toHaveCount(1)
  await expect(page.getByRole('button', { name: 'Resend invite to Riley Invitee' })).toBeVisible()
  const link = await linkFromMailbox(page.request, inviteeEmail, '/invite/')

  // Riley opens the link in a browser of their own.
  const visitor = await browser.newContext()
  const riley = await visitor.newPage()
  riley.on('pageerror', (error) => {
    throw error
  })
  await riley.goto(link)
  await expect(riley).toHaveTitle(`Partner Invitation | ${suffix}`)
  await expect(riley.getByRole('heading', { level: 1, name: 'Partner Invitation' })).toBeVisible()
  await expect(riley.getByText("Welcome, Riley! You've been invited to join PickleMatch.")).toBeVisible()
  await expect(riley.getByText(inviteeEmail)).toBeVisible()
  await expect(riley.getByLabel('First name')).toHaveValue('Riley')
  await expect(riley.getByLabel('Last name')).toHaveValue('Invitee')
  await expect(riley.getByLabel('Email')).toHaveValue(inviteeEmail)
  await expect(riley.getByLabel(/Invite code/)).toHaveValue(/^[1-9][0-9]{6}$/)
  await riley.getByLabel('Gender').selectOption('female')
  await riley.getByLabel('DUPR rating', { exact: true }).fill('3.6')
  await riley.getByLabel('Self rating').fill('3.9')
  await riley.getByLabel('Birthdate').fill('1994-02-11')
  await riley.getByLabel('ZIP code', { exact: true }).fill('85281')
  await riley.getByLabel('Password').fill('riley-pass-1')
  await riley.getByLabel(/I agree to the/).check()
  await riley.getByRole('button', { name: 'Create Account' }).click()
  await expect(riley).toHaveURL(/\/email-confirmation$/)
  await riley.goto(await linkFromMailbox(riley.request, inviteeEmail, '/email-confirmation'))
  await expect(riley).toHaveURL(/\/dashboard$/)
  await visitor.close()

  // The code is used now: the same link is refused.
  const later = await browser.newContext()
  const again = await later.newPage()
  await again.goto(link)
  await expect(again.getByRole('alert')).toContainText('Invalid or expired invite code')
  await again.getByRole('link', { name: 'Return to Home' }).click()
  await expect(again).toHaveURL(/\/$/)
  await later.close()

  // The list can be deleted from the lists page, while a second tab still shows it.
  const second = await context.newPage()
  await second.goto(page.url())
  await expect(entryNames(second)).toHaveText([friendName, 'Riley Invitee'])
  await page.goto('/partner-lists')
  await page.getByRole('button', { name: 'Delete Spring Open' }).click()
  await expect(
    page.getByText('Are you sure you want to delete this list? This action cannot be undone.'),
  ).toBeVisible()
  await page.getByRole('dialog', { name: 'Delete list' }).getByRole('button', { name: 'Delete' }).click()
  await expect(page.getByText('List deleted successfully')).toBeVisible()
  await expect(page.getByText('No partner lists')).toBeVisible()

  // The second tab is told why its change failed, and goes back to the lists.
  await second
    .getByRole('group', { name: `Status of ${friendName}` })
    .getByRole('button', { name: 'Not interested' })
    .click()
  await expect(second.getByText('Error updating status')).toBeVisible()
  await expect(second.getByText('Partner list not found')).toBeVisible()
  await expect(second).toHaveURL(/\/partner-lists$/)
  await expect(second.getByText('No partner lists')).toBeVisible()
  await second.close()
})

test('an invite link without a valid code says so', async ({ page }) => {
  await page.goto('/invite/not%20valid!')
  await expect(page.getByRole('alert')).toContainText('Invalid invite code')
  await page.goto('/invite/nosuchcode123')
  await expect(page.getByRole('alert')).toContainText('Invalid or expired invite code')
  await expect(page.getByRole('link', { name: 'Return to Home' })).toBeVisible()
})

test('on a phone, entries fit the screen and move by touch @phone-only', async ({
  page,
  context,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'touch journey for the phone project')
  const [owner, friend] = await Promise.all([
    createPlayer('Paula', `Phone${Date.now().toString(36)}`),
    createPlayer('Tom', `Touch${Date.now().toString(36)}`),
  ])
  await signInContext(context, owner)
  await befriend(context, friend)
  const created = await context.request.post('/api/partner-lists', { headers, data: { name: 'Phone list' } })
  const listId = ((await created.json()) as { id: string }).id
  const entryIds: string[] = []
  for (const firstName of ['Ada', 'Bea', 'Cy']) {
    const res = await context.request.post(`/api/partner-lists/${listId}/manual-entries`, {
      headers,
      data: {
        firstName,
        lastName: 'Mobile',
        email:
          firstName === 'Cy'
            ? 'cy.from.the.spring.ladder.league@example.com'
            : `${firstName.toLowerCase()}@example.com`,
      },
    })
    expect(res.status()).toBe(201)
    entryIds.push(((await res.json()) as { id: string }).id)
  }
  // A note with a long link wraps inside its card instead of widening the page.
  const noted = await context.request.patch(`/api/partner-lists/${listId}/entries/${entryIds[2]}`, {
    headers,
    data: {
      notes:
        'Booked via https://courts.example.com/facilities/kiwanis-recreation-center/reservations?date=2026-12-01',
    },
  })
  expect(noted.status()).toBe(200)
  await page.goto(`/partner-lists/${listId}`)
  await expect(entryNames(page)).toHaveText(['Ada Mobile', 'Bea Mobile', 'Cy Mobile'])
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  )
  // A long address breaks before its "@": the domain stays whole on a line of its own.
  expect(await lineCount(entryOf(page, 'Cy Mobile').getByText('@example.com', { exact: true }))).toBe(1)
  // Remove is written on a phone, under the entry: the one button a tap there shows.
  const remove = entryOf(page, 'Ada Mobile').getByRole('button', { name: 'Remove Ada Mobile' })
  await expect(remove).toBeVisible()
  expect((await remove.boundingBox())!.width).toBeGreaterThan(70)

  // A finger on Bea's handle, moved up over Ada (both clear of the top bar and the bottom tabs).
  await handleOf(page, 'Bea Mobile').evaluate((handle) => handle.scrollIntoView({ block: 'center' }))
  const from = (await handleOf(page, 'Bea Mobile').boundingBox())!
  const to = (await entryOf(page, 'Ada Mobile').boundingBox())!
  const cdp = await context.newCDPSession(page)
  const x = from.x + from.width / 2
  const touch = async (type: 'touchStart' | 'touchMove' | 'touchEnd', y: number) =>
    cdp.send('Input.dispatchTouchEvent', {
      type,
      touchPoints: type === 'touchEnd' ? [] : [{ x, y }],
    })
  const startY = from.y + from.height / 2
  await touch('touchStart', startY)
  for (let step = 1; step <= 15; step++) {
    await touch('touchMove', startY + ((to.y + 4 - startY) * step) / 15)
  }
  await touch('touchEnd', to.y + 4)
  await expect(entryNames(page)).toHaveText(['Bea Mobile', 'Ada Mobile', 'Cy Mobile'])
  await expect.poll(() => savedOrder(page)).toEqual(['0:Bea', '1:Ada', '2:Cy'])
})
