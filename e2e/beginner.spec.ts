import { type Browser, expect, test } from '@playwright/test'
import sharp from 'sharp'
import { expectFitsScreen } from './support/layout'
import {
  addVenue,
  appOrigin,
  befriend,
  createPlayer,
  currentUserId,
  headers,
  linkFromMailbox,
  signInAdmin,
  signInContext,
  uniqueEmail,
} from './support/players'

// A player with these ratings, signed in in a browser context of their own.
async function playerContext(browser: Browser, overrides: Parameters<typeof createPlayer>[0]) {
  const context = await browser.newContext({ baseURL: appOrigin })
  await signInContext(context, await createPlayer(overrides))
  return context
}

// What the beginner finds waiting: a pair about her level with a game posted for tomorrow, a
// friend to apply with, and a new venue on the list (where the game is).
async function beginnersWorld(browser: Browser, tag: string) {
  const [cora, dot, bo, admin] = await Promise.all([
    playerContext(browser, { firstName: 'Cora', lastName: `Court${tag}`, duprRating: 2.4, selfRating: 2.5 }),
    playerContext(browser, { firstName: 'Dot', lastName: `Drop${tag}`, duprRating: 2.6, selfRating: 2.5 }),
    playerContext(browser, { firstName: 'Bo', lastName: `Buddy${tag}`, duprRating: 2.7, selfRating: 2.5 }),
    browser.newContext({ baseURL: appOrigin }),
  ])
  await befriend(cora, dot)
  await signInAdmin(admin)
  const venueId = await addVenue(admin.request, {
    name: `Learners Courts ${tag}`,
    address: '1 Practice Way',
    zipCode: '85281',
    courts: 4,
  })
  const posted = await cora.request.post('/api/play-dates', {
    headers,
    data: {
      type: 'challenge',
      state: 'AZ',
      regions: ['east_valley'],
      partnerId: await currentUserId(dot),
      amount: 10,
      description: 'Beginner-friendly doubles, all welcome.',
      // Tomorrow (by UTC, so never today in Arizona): well inside "this week".
      startDate: new Date(Date.now() + 24 * 3600_000).toISOString().slice(0, 10),
      startTime: '09:00',
      // At the new venue, a few miles from the beginner's home: suggestions are games near home.
      venueId,
    },
  })
  expect(posted.status(), await posted.text()).toBe(201)
  return { friend: bo, close: () => Promise.all([cora, dot, bo, admin].map((c) => c.close())) }
}

test.beforeEach(({ page }) => {
  page.on('pageerror', (error) => {
    throw error
  })
})

test(
  'a beginner without a DUPR rating signs up, adds a photo, a bio and a venue, is shown as self-rated and applies to a game suggested at their level',
  { tag: '@phone-only' },
  async ({ page, browser }) => {
    const tag = Math.random().toString(36).slice(2, 7)
    const world = await beginnersWorld(browser, tag)
    // A long address: it wraps at its dots and '@', never inside a word.
    const email = uniqueEmail('beginner-with-a-rather-long-address.name')
    await page.goto('/signup')

    // Required fields are marked; a message shows once the player leaves its field.
    await expect(page.getByText(/Fields marked \* are required/)).toBeVisible()
    await page.getByLabel('First name').focus()
    await page.getByLabel('Last name').focus()
    await expect(page.getByText('First name is required')).toBeVisible()
    await expect(page.getByText('Last name is required')).toHaveCount(0)

    await page.getByLabel('First name').fill('Bea')
    await page.getByLabel('Last name').fill('Ginner')
    await page.getByLabel('Gender').selectOption('female')
    await page.getByLabel('Birthdate').fill('1995-03-02')
    await page.getByLabel("I don't have a DUPR rating yet").check()
    await expect(page.getByLabel('DUPR rating', { exact: true })).toBeDisabled()

    // The self rating has a short guide to the levels.
    await page.getByText('What do the levels mean?').click()
    await expect(page.getByText('New to pickleball: learning the rules and the basic strokes.')).toBeVisible()
    await page.getByLabel('Self rating').fill('2.5')
    await page.getByLabel('ZIP code', { exact: true }).fill('85004')
    await page.getByLabel('Email').fill(email)
    await page.getByLabel('Password').fill('first-pass-1')

    // Submitting without consent brings the player to the one field left.
    await page.getByRole('button', { name: 'Create Account' }).click()
    await expect(page.getByText('You must agree to the Terms and Privacy Policy')).toBeVisible()
    await expect(page.getByLabel(/I agree to the/)).toBeFocused()
    await page.getByLabel(/I agree to the/).check()
    await page.getByRole('button', { name: 'Create Account' }).click()

    // Check your email: how to find the email first, then a resend.
    await expect(page).toHaveURL(/\/email-confirmation$/)
    await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Open your email app' })).toBeVisible()
    await expect(page.getByText(email)).toBeVisible()
    await expect(page.getByRole('button', { name: 'Resend confirmation email' })).toBeVisible()
    await expectFitsScreen(page)

    // The link from the mailbox confirms and signs in.
    await page.goto(await linkFromMailbox(page.request, email, '/email-confirmation'))
    await expect(page).toHaveURL(/\/dashboard$/)
    await befriend(page.context(), world.friend)

    // Her photo, from a file on her phone.
    await page.goto('/profile')
    await expect(page.getByLabel("I don't have a DUPR rating yet")).toBeChecked()
    await page.getByLabel('Change photo').setInputFiles({
      name: 'me.png',
      mimeType: 'image/png',
      buffer: await sharp({ create: { width: 240, height: 240, channels: 3, background: '#0e7490' } })
        .png()
        .toBuffer(),
    })
    await expect(page.getByText('Photo updated')).toBeVisible()
    await expect(page.getByRole('img', { name: 'Bea Ginner' })).toHaveAttribute('src', /\/photo\?v=/)

    // A few words about herself (too many at first) and the courts she plays at.
    const bio = page.getByLabel('Bio (optional)')
    await bio.fill('New to pickleball and keen to learn. '.repeat(5))
    await page.getByRole('button', { name: 'Save bio and venues' }).click()
    await expect(page.getByText('Your bio can be at most 160 characters')).toBeVisible()
    await expect(bio).toBeFocused()
    await bio.fill('New to pickleball and keen to learn. Mornings work best.')
    await page.getByLabel('Find a venue').fill(`learners ${tag}`)
    await page.getByRole('button', { name: `Add Learners Courts ${tag}, Tempe, AZ` }).click()
    await expect(page.getByRole('list', { name: 'Venues you play at' })).toContainText(
      `Learners Courts ${tag}`,
    )
    await expect(page.getByLabel('Find a venue')).toBeFocused()
    await page.getByRole('button', { name: 'Save bio and venues' }).click()
    await expect(page.getByText('Bio and venues saved')).toBeVisible()
    await expectFitsScreen(page)

    // The public profile shows them, and the self rating where a DUPR rating would be.
    await page.getByRole('link', { name: 'View public profile' }).click()
    await expect(page).toHaveURL(/\/profile\/[0-9a-f-]{36}$/)
    await expect(page.getByText('Self-rated 2.50')).toBeVisible()
    await expect(page.getByText('New to pickleball and keen to learn. Mornings work best.')).toBeVisible()
    const playsAt = page.getByRole('region', { name: 'Plays at' })
    await expect(playsAt.getByRole('link', { name: new RegExp(`Learners Courts ${tag}`) })).toHaveAttribute(
      'href',
      /google\.com\/maps\/search/,
    )

    // Home suggests the game at her level, and she applies to it with her friend.
    await page.goto('/dashboard')
    const suggested = page.getByRole('region', { name: 'Suggested for you' })
    const game = suggested.getByRole('article').filter({ hasText: `Cora Court${tag}` })
    await expect(game).toBeVisible()
    await expectFitsScreen(page)
    await game.getByRole('link', { name: new RegExp(`Cora Court${tag}`) }).click()
    await page.getByRole('link', { name: 'Apply to this PlayDate' }).click()
    await page.getByRole('button', { name: new RegExp(`Bo Buddy${tag}`) }).click()
    await page.getByRole('button', { name: 'Submit Application' }).click()
    await expect(page.getByText('Application submitted successfully')).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Your Application' })).toBeVisible()

    // A DUPR rating added later replaces it.
    await page.goto('/profile')
    await page.getByLabel("I don't have a DUPR rating yet").uncheck()
    await page.getByLabel('DUPR rating', { exact: true }).fill('3.10')
    await page.getByRole('button', { name: 'Save Profile' }).click()
    await expect(page).toHaveURL(/\/dashboard$/)
    await page.goto('/profile')
    await expect(page.getByLabel('DUPR rating', { exact: true })).toHaveValue('3.10')
    await expect(page.getByLabel("I don't have a DUPR rating yet")).not.toBeChecked()
    await world.close()
  },
)
