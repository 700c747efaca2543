import { expect, type Locator, test } from '@playwright/test'
import { uniqueEmail } from './support/players'
import { earnGameApplied } from './support/full-game'
import { lineCount } from './support/layout'

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

// `beside` sits on `row`'s row: its middle is within `row`'s height.
const onOneRow = async (row: Locator, beside: Locator) => {
  const [first, second] = [await box(row), await box(beside)]
  const middle = second.y + second.height / 2
  return middle > first.y && middle < first.y + first.height
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
  const policyLink = page.getByRole('form', { name: 'Sign up' }).getByRole('link', { name: /Privacy Policy/ })
  // Its name whole, on one line.
  expect(await lineCount(policyLink)).toBe(1)
  const policy = await box(policyLink)
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

test('on a 375 px phone a card keeps its price on one line, its request count and its Chat beside who pays it @phone-only', async ({
  browser,
}) => {
  const tag = Math.random().toString(36).slice(2, 6)
  const { ivy, accept } = await earnGameApplied(browser, `Narrow${tag}`)

  const page = await ivy.context.newPage()
  await page.setViewportSize({ width: 375, height: 812 })
  await page.goto('/playdates')
  const card = page.getByRole('article').filter({ hasText: `Ivy Narrow${tag} & Jon Narrow${tag}` })
  const price = card.getByText('$35/hour · 1.5 h · $52.50')
  await expect(price).toBeVisible()
  expect(await lineCount(price)).toBe(1)
  const payer = card.getByText('Your team earns', { exact: true })
  expect(await onOneRow(payer, card.getByText('1 pending request'))).toBe(true)
  // A narrower price line still breaks only after a dot: "$52.50" stays whole.
  await expect(card.getByText('$52.50', { exact: true })).toHaveCSS('white-space', 'nowrap')

  // Matched, the card's Chat takes the same place.
  await accept()
  await page.reload()
  const chat = card.getByRole('link', { name: `Chat with Kim Narrow${tag} & Lee Narrow${tag}` })
  await expect(chat).toBeVisible()
  expect(await onOneRow(payer, chat)).toBe(true)
  expect(await lineCount(price)).toBe(1)
  expect((await box(chat)).height).toBeGreaterThanOrEqual(44)
})
