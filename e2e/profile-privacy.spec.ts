import { type Browser, expect, type Page, test } from '@playwright/test'
import { violationsInBothThemes } from './support/axe'
import { createPlayer, currentUserId, type Player } from './support/players'
import { signedInDeviceContext } from './support/devices'

// Privacy (docs/decisions/0160): another player's profile shows the age range and the city; the
// birthdate and the ZIP code only when the player turns on "Show my birthdate and ZIP code on my
// profile". The debug panel is the player's own (and admins').

async function openAs(browser: Browser, player: Player) {
  const context = await signedInDeviceContext(browser, player)
  const page = await context.newPage()
  page.on('pageerror', (error) => {
    throw error
  })
  return { context, page }
}

// In the 30s until 2031.
const BIRTHDATE = '1991-01-01'
const exactAge = () => {
  const today = new Date()
  return today.getUTCFullYear() - 1991
}

const summary = (page: Page) =>
  page.locator('section').filter({ has: page.getByRole('heading', { level: 1 }) })

test('another player sees the age range and the city until the player shows their birthdate and ZIP code @phone-only', async ({
  browser,
}) => {
  const jo = await createPlayer({
    firstName: 'Jo',
    lastName: 'Private',
    birthdate: BIRTHDATE,
    zipCode: '85281',
  })
  const kim = await createPlayer({ firstName: 'Kim' })
  const owner = await openAs(browser, jo)
  const other = await openAs(browser, kim)
  try {
    const joId = await currentUserId(owner.context)

    // Kim sees "30s" and "Tempe, AZ"; not the birthdate, the ZIP code or the debug panel.
    await other.page.goto(`/profile/${joId}`)
    const card = summary(other.page)
    await expect(card.getByRole('heading', { level: 1, name: 'Jo Private' })).toBeVisible()
    await expect(card.getByText('Lives in Tempe, AZ', { exact: true })).toBeVisible()
    await expect(card.getByRole('definition').filter({ hasText: /^30s$/ })).toBeVisible()
    await expect(other.page.getByText('85281')).toHaveCount(0)
    await expect(other.page.getByText(/Born/)).toHaveCount(0)
    await expect(other.page.getByRole('button', { name: 'Show Debug Info' })).toHaveCount(0)
    await other.page.screenshot({ path: test.info().outputPath('stranger-view.png'), fullPage: true })
    expect(await violationsInBothThemes(other.page)).toEqual([])

    // Jo, on their own profile (in the dark theme), sees everything, is told who sees what, and has
    // the debug panel.
    await owner.page.emulateMedia({ colorScheme: 'dark' })
    await owner.page.goto(`/profile/${joId}`)
    await expect(owner.page.getByText('Born January 1, 1991')).toBeVisible()
    await expect(owner.page.getByText('Tempe, AZ 85281')).toBeVisible()
    await expect(
      owner.page.getByText('Only you see your birthdate and ZIP code. Other players see: 30s · Tempe, AZ.'),
    ).toBeVisible()
    await owner.page.getByRole('button', { name: 'Show Debug Info' }).click()
    await expect(owner.page.getByText('Raw data')).toBeVisible()
    await owner.page.screenshot({ path: test.info().outputPath('own-view.png'), fullPage: true })

    // Jo turns the switch on in Profile Settings.
    await owner.page.getByRole('link', { name: 'Change in Profile Settings' }).click()
    await expect(owner.page).toHaveURL(/\/profile#privacy$/)
    const shown = owner.page.getByRole('switch', { name: 'Show my birthdate and ZIP code on my profile' })
    await expect(shown).not.toBeChecked()
    await shown.click()
    await expect(owner.page.getByText('Other players now see your birthdate and ZIP code')).toBeVisible()
    await expect(shown).toBeChecked()
    await owner.page.screenshot({ path: test.info().outputPath('settings.png') })
    expect(await violationsInBothThemes(owner.page)).toEqual([])

    // Kim now sees the birthdate, the exact age and the ZIP code.
    await other.page.reload()
    await expect(card.getByText('Born January 1, 1991')).toBeVisible()
    await expect(card.getByText('Tempe, AZ 85281')).toBeVisible()
    await expect(
      card.getByRole('definition').filter({ hasText: new RegExp(`^${exactAge()}$`) }),
    ).toBeVisible()
    await expect(other.page.getByRole('button', { name: 'Show Debug Info' })).toHaveCount(0)

    // And the switch stays on after a reload.
    await owner.page.reload()
    await expect(shown).toBeChecked()
  } finally {
    await owner.context.close()
    await other.context.close()
  }
})
