import { expect, type Locator, test } from '@playwright/test'
import { uniqueEmail } from './support/players'

// A new player's first hour on a phone, where the last review found it hurt
// (docs/decisions/0199-a-new-players-first-hour-on-a-phone.md).

test.beforeEach(({ page }) => {
  page.on('pageerror', (error) => {
    throw error
  })
})

const box = async (locator: Locator) => {
  const found = await locator.boundingBox()
  if (!found) throw new Error('not on screen')
  return found
}

test('sign-up on a phone: no blank line under a field, the consent mark beside its words, a tap that leaves a field lands @phone-only', async ({
  page,
}) => {
  await page.goto('/signup')
  // A field without a hint keeps no empty line under it for a message to come.
  const firstName = await box(page.getByLabel('First name'))
  const lastNameLabel = await box(page.locator('label', { hasText: 'Last name' }))
  expect(lastNameLabel.y - (firstName.y + firstName.height)).toBeLessThanOrEqual(20)

  // The required mark follows "Privacy Policy", not the far edge of the row; the name is the words.
  const consent = page.getByRole('checkbox', { name: /I agree to the Terms/ })
  await expect(consent).toHaveAccessibleName(/^I agree to the Terms[^*]+Privacy Policy[^*]*$/)
  const policy = await box(
    page.getByRole('form', { name: 'Sign up' }).getByRole('link', { name: /Privacy Policy/ }),
  )
  const mark = await box(page.locator('label[for="signup-consent"] [aria-hidden="true"]'))
  expect(mark.x - (policy.x + policy.width)).toBeLessThan(8)
  expect(Math.abs(mark.y - policy.y)).toBeLessThan(policy.height)

  // A message that appears as the email is left waits for the tap that left it: the box is ticked.
  await page.getByLabel('Email').fill('not-an-email')
  await consent.tap()
  await expect(consent).toBeChecked()
  await expect(page.getByText('Invalid email address')).toBeVisible()
  await expect(page.getByLabel('Email')).toHaveAccessibleDescription('Invalid email address')

  // A field with a hint shows its message in the hint's place: the password's.
  await page.getByLabel('Password').fill('123')
  const invite = await box(page.getByLabel('Invite code (optional)'))
  await page.getByLabel('Invite code (optional)').tap()
  await expect(page.getByText('Password must be at least 8 characters')).toBeVisible()
  await expect(page.getByText('At least 8 characters', { exact: true })).toBeHidden()
  expect((await box(page.getByLabel('Invite code (optional)'))).y).toBe(invite.y)
  await expect(page.getByLabel('Invite code (optional)')).toBeFocused()
  await page.getByLabel('Email').fill(uniqueEmail('phone'))
  await expect(page.getByText('Invalid email address')).toBeHidden()
})
