import { expect, type Page, test } from '@playwright/test'
import { violationsInBothThemes } from './support/axe'
import { createPlayer, linkFromMailbox, signInContext, uniqueEmail } from './support/players'

const suffix = 'PickleMatch | Level Up Your Match'

test.beforeEach(({ page }) => {
  page.on('pageerror', (error) => {
    throw error
  })
})

const errorOf = (page: Page, label: string | RegExp) =>
  page.getByLabel(label, { exact: typeof label === 'string' }).and(page.locator('[aria-invalid="true"]'))

test(
  'a new player signs up, confirms the email, edits the profile, changes the password and signs in again',
  { tag: '@postgres' },
  async ({ page, context }) => {
    const email = uniqueEmail('journey')
    await page.goto('/signup')
    await expect(page).toHaveTitle(`Sign Up | ${suffix}`)
    await expect(page.getByRole('heading', { level: 1, name: 'Sign Up' })).toBeVisible()

    // A field's message shows as the field is left, in a line kept for it: the consent box below
    // does not move, so a tap on it as the message appears lands.
    const consentBox = page.getByLabel(/I agree to the/)
    await page.getByLabel('Password').fill('123')
    const consentAt = await consentBox.boundingBox()
    await page.getByLabel('Password').blur()
    await expect(page.getByText('Password must be at least 8 characters')).toBeVisible()
    expect((await consentBox.boundingBox())?.y).toBe(consentAt?.y)
    await page.getByLabel('Password').fill('')

    // Every rule speaks first, under its field.
    await page.getByRole('button', { name: 'Create Account' }).click()
    for (const message of [
      'First name is required',
      'Last name is required',
      'Gender is required',
      'DUPR rating is required',
      'Self rating is required',
      'Birthdate is required',
      'ZIP code is required',
      'Email is required',
      'Password is required',
      'You must agree to the Terms and Privacy Policy',
    ]) {
      await expect(page.getByText(message, { exact: true })).toBeVisible()
    }
    await expect(page.getByLabel('First name')).toBeFocused()
    await expect(page.getByLabel('First name')).toHaveAccessibleDescription('First name is required')

    await page.getByLabel('First name').fill('Casey')
    await page.getByLabel('Last name').fill('Morgan')
    await page.getByLabel('Gender').selectOption('female')
    await page.getByLabel('DUPR rating', { exact: true }).fill('1.5')
    await page.getByLabel('Self rating').fill('7.5')
    await page.getByLabel('Birthdate').fill('1992-04-18')
    await page.getByLabel('ZIP code', { exact: true }).fill('123')
    await page.getByLabel('Email').fill('not-an-email')
    await page.getByLabel('Password').fill('123')
    await page.getByRole('button', { name: 'Create Account' }).click()
    await expect(page.getByText('Rating must be at least 2.00')).toBeVisible()
    await expect(page.getByText('Rating must be at most 7.00')).toBeVisible()
    await expect(page.getByText('Please enter a valid ZIP code')).toBeVisible()
    await expect(page.getByText('Invalid email address')).toBeVisible()
    await expect(page.getByText('Password must be at least 8 characters')).toBeVisible()
    await expect(errorOf(page, 'ZIP code')).toHaveCount(1)

    await page.getByLabel('DUPR rating', { exact: true }).fill('3.8')
    await page.getByLabel('Self rating').fill('4.1')
    await page.getByLabel('ZIP code', { exact: true }).fill('85004')
    await page.getByLabel('Email').fill(email.toUpperCase())
    await page.getByLabel('Password').fill('first-pass-1')
    await page.getByLabel(/I agree to the/).check()
    const consent = page.getByRole('main').getByRole('form', { name: 'Sign up' })
    await expect(consent.getByRole('link', { name: /^Terms/ })).toHaveAttribute('href', '/terms')
    await expect(consent.getByRole('link', { name: /^Privacy Policy/ })).toHaveAttribute('href', '/privacy')
    await page.getByRole('button', { name: 'Create Account' }).click()

    // A toast at the top of the screen, clear of the page's buttons.
    const created = page
      .getByRole('region', { name: /Alerts/ })
      .getByText('Account created successfully! Please check your email to confirm your account.')
    await expect(created).toBeVisible()
    await expect(page).toHaveURL(/\/email-confirmation$/)
    await expect(page).toHaveTitle(`Email Confirmation | ${suffix}`)
    await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible()
    await expect(page.getByText(email)).toBeVisible()
    await expect(page.getByText('Confirmation Required')).toBeVisible()

    // Signing in before confirming is refused, with a way to get a new link.
    await page.getByRole('main').getByRole('link', { name: 'Sign in', exact: true }).click()
    await expect(page).toHaveURL(/\/signin$/)
    // The URL changes before the page does: the check-your-email page's "Open your email app"
    // section is still there for a moment while the sign-in page loads.
    await expect(page.getByRole('heading', { name: 'Sign In', level: 1 })).toBeVisible()
    await page.getByLabel('Email').fill(email)
    await page.getByLabel('Password').fill('first-pass-1')
    await page.getByRole('button', { name: 'Sign In' }).click()
    await expect(page.getByText('Please confirm your email address before signing in.')).toBeVisible()
    await page.getByRole('button', { name: 'Resend confirmation email' }).click()
    await expect(page.getByText(/we have sent a new confirmation link/)).toBeVisible()

    // The link from the mailbox confirms and signs in.
    await page.goto(await linkFromMailbox(page.request, email, '/email-confirmation'))
    await expect(page).toHaveURL(/\/dashboard$/)
    await expect(page.getByRole('banner').getByText('Welcome, Casey Morgan')).toBeVisible()

    // The session survives a reload.
    await page.reload()
    await expect(page.getByRole('banner').getByText('Welcome, Casey Morgan')).toBeVisible()

    // Profile Settings.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Profile' }).click()
    await expect(page).toHaveURL(/\/profile$/)
    await expect(page).toHaveTitle(`Profile Settings | ${suffix}`)
    await expect(page.getByLabel('First name')).toHaveValue('Casey')
    await expect(page.getByLabel('DUPR rating', { exact: true })).toHaveValue('3.80')
    // Home and the home area agree: both come from the ZIP code given at sign-up.
    await expect(page.getByText('Home: Phoenix, AZ')).toBeVisible()
    await expect(page.getByLabel('Home state')).toHaveValue('AZ')
    await expect(page.getByLabel('Home region')).toHaveValue('central_phoenix')
    await expect(page.getByRole('link', { name: 'View public profile' })).toHaveAttribute(
      'href',
      /^\/profile\/[0-9a-f-]{36}$/,
    )
    await page.getByLabel('Last name').fill('')
    await page.getByRole('button', { name: 'Save Profile' }).click()
    await expect(page.getByText('Last name is required')).toBeVisible()
    await page.getByLabel('Last name').fill('Morgan-Reyes')
    await page.getByLabel('DUPR rating', { exact: true }).fill('4.02')
    await page.getByRole('button', { name: 'Save Profile' }).click()
    await expect(page.getByText('Profile updated successfully')).toBeVisible()
    await expect(page).toHaveURL(/\/dashboard$/)
    await expect(page.getByRole('banner').getByText('Welcome, Casey Morgan-Reyes')).toBeVisible()

    // Change the password: the current one is checked first.
    await page.goto('/profile')
    await page.getByLabel('Current password').fill('not-my-password')
    await page.getByLabel('New password', { exact: true }).fill('second-pass-2')
    await page.getByLabel('Confirm new password').fill('second-pass-3')
    await page.getByRole('button', { name: 'Update Password' }).click()
    await expect(page.getByText('Passwords do not match')).toBeVisible()
    await page.getByLabel('Confirm new password').fill('second-pass-2')
    await page.getByRole('button', { name: 'Update Password' }).click()
    await expect(page.getByLabel('Current password')).toHaveAccessibleDescription(
      'Current password is incorrect',
    )
    await page.getByLabel('Current password').fill('first-pass-1')
    await page.getByRole('button', { name: 'Update Password' }).click()
    await expect(page.getByText('Password updated successfully')).toBeVisible()

    // Signing out in one tab signs out the others.
    const other = await context.newPage()
    await other.goto('/dashboard')
    await expect(other.getByRole('banner').getByText('Welcome, Casey Morgan-Reyes')).toBeVisible()
    await page.getByRole('button', { name: 'Sign Out' }).click()
    await expect(page).toHaveURL(/\/$/)
    await expect(other).toHaveURL(/\/$/)
    // Signing out was the player's choice: no tab offers to go back to where they were.
    await expect(other.getByRole('heading', { level: 1, name: 'PickleMatch' })).toBeVisible()
    await expect(other.getByText('Sign in to continue to the page you were on.')).toHaveCount(0)
    await expect(page.getByText('Sign in to continue to the page you were on.')).toHaveCount(0)
    await other.close()

    // The old password no longer works; the new one does.
    await page.goto('/signin')
    await page.getByLabel('Email').fill(email)
    await page.getByLabel('Password').fill('first-pass-1')
    await page.getByRole('button', { name: 'Sign In' }).click()
    await expect(page.getByText('Invalid email or password')).toBeVisible()
    await page.getByLabel('Password').fill('second-pass-2')
    await page.getByRole('button', { name: 'Sign In' }).click()
    await expect(page.getByText('Signed in successfully!')).toBeVisible()
    await expect(page).toHaveURL(/\/dashboard$/)
    await expect(page.getByRole('banner').getByText('Welcome, Casey Morgan-Reyes')).toBeVisible()
  },
)

test('a newcomer who typed a DUPR, then ticks "I don\'t have a DUPR rating yet" with one tap, creates the account @phone-only', async ({
  page,
}) => {
  await page.goto('/signup')
  await page.getByLabel('First name').fill('Robin')
  await page.getByLabel('Last name').fill('Ames')
  await page.getByLabel('Gender').selectOption('female')
  await page.getByLabel('Birthdate').fill('1990-06-02')
  // Out of range: its message shows as the field is left, by the tap on the box below it.
  await page.getByLabel('DUPR rating', { exact: true }).fill('8')
  const noDupr = page.getByLabel("I don't have a DUPR rating yet")
  const before = (await noDupr.boundingBox())!
  await noDupr.tap()
  await expect(noDupr).toBeChecked()
  expect((await noDupr.boundingBox())!.y).toBe(before.y)
  await expect(page.getByLabel('DUPR rating', { exact: true })).toHaveValue('')
  await expect(page.getByLabel('DUPR rating', { exact: true })).toBeDisabled()
  await page.getByLabel('Self rating').fill('3.25')
  await page.getByLabel('ZIP code', { exact: true }).fill('85004')
  await page.getByLabel('Email').fill(uniqueEmail('nodupr'))
  await page.getByLabel('Password').fill('first-pass-1-long')
  await page.getByLabel(/I agree to the/).check()
  expect(await violationsInBothThemes(page)).toEqual([])
  await page.getByRole('button', { name: 'Create Account' }).click()
  await expect(page).toHaveURL(/\/email-confirmation$/)

  // The toast comes to rest under the top bar: the bar's Sign In stays in sight and in reach.
  const created = page
    .getByRole('region', { name: /Alerts/ })
    .getByRole('listitem')
    .filter({ hasText: 'Account created successfully! Please check your email to confirm your account.' })
  await expect(created).toBeVisible()
  const bar = (await page.getByRole('banner').boundingBox())!
  await expect
    .poll(async () => (await created.boundingBox())?.y ?? -1)
    .toBeGreaterThanOrEqual(bar.y + bar.height)
})

test('a player who forgot the password resets it by email @phone-only', async ({ page, baseURL }) => {
  const email = uniqueEmail('forgot')
  const headers = { origin: new URL(baseURL!).origin }
  const created = await page.request.post('/api/auth/sign-up', {
    headers,
    data: {
      firstName: 'Robin',
      lastName: 'Fry',
      gender: 'male',
      duprRating: 3.2,
      selfRating: 3.5,
      birthdate: '1968-09-02',
      zipCode: '85251',
      email,
      password: 'original-1',
      consent: true,
    },
  })
  expect(created.status()).toBe(201)
  const confirmLink = new URL(await linkFromMailbox(page.request, email, '/email-confirmation'))
  const confirmed = await page.request.post('/api/auth/confirm-email', {
    headers,
    data: { token: confirmLink.searchParams.get('token') },
  })
  expect(confirmed.status()).toBe(200)
  await page.request.post('/api/auth/sign-out', { headers })

  await page.goto('/signin')
  await expect(page).toHaveTitle(`Sign In | ${suffix}`)
  await page.getByRole('link', { name: 'Forgot password?' }).click()
  await expect(page).toHaveURL(/\/forgot-password$/)
  await expect(page).toHaveTitle(`Forgot Password | ${suffix}`)
  await page.getByLabel('Email').fill(email)
  await page.getByRole('button', { name: 'Send reset link' }).click()
  await expect(
    page.getByText('If an account exists for that email, we have sent a link to reset your password.'),
  ).toBeVisible()

  await page.goto(await linkFromMailbox(page.request, email, '/reset-password'))
  await expect(page).toHaveTitle(`Reset Password | ${suffix}`)
  await page.getByLabel('New password', { exact: true }).fill('replaced-2')
  await page.getByLabel('Confirm new password').fill('replaced-3')
  await page.getByRole('button', { name: 'Set new password' }).click()
  await expect(page.getByText('Passwords do not match')).toBeVisible()
  await page.getByLabel('Confirm new password').fill('replaced-2')
  await page.getByRole('button', { name: 'Set new password' }).click()

  await expect(page).toHaveURL(/\/signin$/)
  await expect(
    page.getByText('Your password has been reset. Please sign in with your new password.'),
  ).toBeVisible()
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill('replaced-2')
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page).toHaveURL(/\/dashboard$/)
  await expect(page.getByRole('banner').getByText('Welcome, Robin Fry')).toBeVisible()
})

test('a confirmation link opened on another device confirms the address, and the player signs in there @phone-only', async ({
  page,
  baseURL,
  browser,
}) => {
  const email = uniqueEmail('laptop')
  const origin = new URL(baseURL!).origin
  // Signed up on a laptop (its own browser, with its own cookies).
  const laptop = await browser.newContext({ baseURL: origin })
  const created = await laptop.request.post('/api/auth/sign-up', {
    headers: { origin },
    data: {
      firstName: 'Jordan',
      lastName: 'Avery',
      gender: 'female',
      duprRating: 3.6,
      selfRating: 3.5,
      birthdate: '1991-03-09',
      zipCode: '85004',
      email,
      password: 'laptop-pass-1',
      consent: true,
    },
  })
  expect(created.status()).toBe(201)
  const link = await linkFromMailbox(laptop.request, email, '/email-confirmation')
  await laptop.close()

  // Opened on the phone: the address is confirmed, but only the password signs in here.
  await page.goto(link)
  await expect(page.getByText('Email confirmed', { exact: true })).toBeVisible()
  await expect(page).toHaveURL(/\/signin$/)
  await expect(page.getByText('Your email is confirmed. Please sign in to continue.')).toBeVisible()
  await expect(page.getByRole('banner').getByText(/Welcome,/)).toHaveCount(0)
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill('laptop-pass-1')
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page).toHaveURL(/\/dashboard$/)
  await expect(page.getByRole('banner').getByText('Welcome, Jordan Avery')).toBeVisible()
})

test('a signup link with a code opens the form in sign-up mode with the code filled in', async ({ page }) => {
  await page.goto('/signin?code=7654321')
  await expect(page).toHaveTitle(`Sign Up | ${suffix}`)
  await expect(page.getByLabel(/Invite code/)).toHaveValue('7654321')
  await page.getByRole('main').getByRole('link', { name: 'Sign in', exact: true }).click()
  await expect(page).toHaveURL(/\/signin$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible()
})

test('the rating prompt takes new ratings over Profile Settings, and saving the page keeps them', async ({
  page,
  context,
}) => {
  const player = await createPlayer({ duprRating: 3.42, selfRating: 3.5 })
  await signInContext(context, player)
  // When the prompt is due is the server's rule (its route tests: 90 days, 7-day snooze); here
  // the check says it is due, and everything after it runs against the server.
  await page.route('**/api/profiles/me/rating-check', (route) =>
    route.fulfill({ json: { updateNeeded: true, duprRating: 3.42, selfRating: 3.5 } }),
  )
  // The prompt waits for a quiet moment: never over a form (Profile Settings), and elsewhere
  // only once the player has been idle a few seconds.
  await page.clock.install()
  const prompt = page.getByRole('dialog', { name: 'Update Your Ratings' })
  await page.goto('/profile')
  await expect(page.getByLabel('DUPR rating', { exact: true })).toHaveValue('3.42')
  await page.clock.runFor(10_000)
  await expect(prompt).toBeHidden()
  await page.goto('/dashboard')
  await expect(page.getByRole('heading', { name: 'Your next games' })).toBeVisible()
  await expect(prompt).toBeHidden()
  await page.clock.runFor(5_000)
  await expect(prompt).toBeVisible()
  await prompt.getByLabel('DUPR Rating', { exact: true }).fill('4.10')
  await prompt.getByLabel('Self Rating').fill('4.25')
  await page.unroute('**/api/profiles/me/rating-check')
  await prompt.getByRole('button', { name: 'Update Ratings' }).click()
  await expect(page.getByText('Ratings updated successfully')).toBeVisible()
  await expect(prompt).toBeHidden()
  await page.goto('/profile')

  // The form under the prompt shows what was just saved, so saving it does not put back the old.
  await expect(page.getByLabel('DUPR rating', { exact: true })).toHaveValue('4.10')
  await expect(page.getByLabel('Self rating', { exact: true })).toHaveValue('4.25')
  await page.getByLabel('ZIP code', { exact: true }).fill('85005')
  await page.getByRole('button', { name: 'Save Profile' }).click()
  await expect(page.getByText('Profile updated successfully')).toBeVisible()
  const own = (await (await context.request.get('/api/profiles/me')).json()) as Record<string, unknown>
  expect(own).toMatchObject({ duprRating: 4.1, selfRating: 4.25, zipCode: '85005' })

  // A profile that fails to load can be asked for again without leaving the page.
  await page.route('**/api/profiles/me', (route) =>
    route.fulfill({ status: 404, json: { error: { code: 'not_found', message: 'Profile Not Found' } } }),
  )
  await page.goto('/profile')
  await expect(page.getByText('Error loading profile')).toBeVisible()
  await page.unroute('**/api/profiles/me')
  await page.getByRole('button', { name: 'Try Again' }).click()
  await expect(page.getByLabel('ZIP code', { exact: true })).toHaveValue('85005')
})

test('the links at the top of Profile Settings take a player on a phone to the section they came for @phone-only', async ({
  page,
}) => {
  await signInContext(page.context(), await createPlayer({ firstName: 'Jumper' }))
  await page.goto('/profile')
  const links = page.getByRole('navigation', { name: 'Settings on this page' })
  await links.getByRole('link', { name: 'Notifications' }).click()
  await expect(page).toHaveURL(/\/profile#notifications$/)
  await expect(page.getByRole('heading', { name: 'Notifications', exact: true })).toBeInViewport()
  await expect(links).not.toBeInViewport()
  // Back returns to where the player was: the top of the page.
  await page.goBack()
  await expect(page).toHaveURL(/\/profile$/)
  await expect(links).toBeInViewport()

  // By keyboard: the section takes the focus, and Tab goes on inside it.
  await links.getByRole('link', { name: 'Appearance' }).focus()
  await page.keyboard.press('Enter')
  await expect(page.locator('#appearance')).toBeFocused()
  await expect(page.getByRole('group', { name: 'Appearance' })).toBeInViewport()
  await page.keyboard.press('Tab')
  await expect(
    page.getByRole('group', { name: 'Appearance' }).getByRole('radio', { name: 'System' }),
  ).toBeFocused()
})
