import { expect, test } from '@playwright/test'
import { expectFitsScreen } from './support/layout'
import { linkFromMailbox, uniqueEmail } from './support/players'

test.beforeEach(({ page }) => {
  page.on('pageerror', (error) => {
    throw error
  })
})

test(
  'a beginner without a DUPR rating signs up, confirms the email and is shown as self-rated',
  { tag: '@phone' },
  async ({ page }) => {
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
    await page.getByLabel('ZIP code').fill('85004')
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

    // The public profile shows the self rating where a DUPR rating would be.
    await page.goto('/profile')
    await expect(page.getByLabel("I don't have a DUPR rating yet")).toBeChecked()
    await page.getByRole('link', { name: 'View public profile' }).click()
    await expect(page).toHaveURL(/\/profile\/[0-9a-f-]{36}$/)
    await expect(page.getByText('Self-rated 2.50')).toBeVisible()

    // A DUPR rating added later replaces it.
    await page.goto('/profile')
    await page.getByLabel("I don't have a DUPR rating yet").uncheck()
    await page.getByLabel('DUPR rating', { exact: true }).fill('3.10')
    await page.getByRole('button', { name: 'Save Profile' }).click()
    await expect(page).toHaveURL(/\/dashboard$/)
    await page.goto('/profile')
    await expect(page.getByLabel('DUPR rating', { exact: true })).toHaveValue('3.10')
    await expect(page.getByLabel("I don't have a DUPR rating yet")).not.toBeChecked()
  },
)
