import { expect, test } from '@playwright/test'
import { addVenue, befriend, createPlayer, headers, signInAdmin } from './support/players'
import { signedInDeviceContext } from './support/devices'
import { violationsInBothThemes } from './support/axe'
import { expectFitsScreen, lineCount } from './support/layout'

// The Create PlayDate wizard on a phone, for a player with a home area: the state and region
// start on it, a start already past is said under its date or time on the step where it is
// typed (Next waits), the summary before Create names the venue and its address, and the
// description is optional.

// A date in Arizona (no daylight saving time: always UTC−7), `days` from today there.
const phoenixDate = (days: number) =>
  new Date(Date.now() - 7 * 3600_000 + days * 86_400_000).toISOString().slice(0, 10)

test('the wizard starts on the home area, checks the start where it is typed and names the venue @phone-only', async ({
  browser,
  baseURL,
}) => {
  const run = Math.random().toString(36).slice(2, 6)
  const venueName = `Reffkin Tennis Center ${run}`
  const admin = await browser.newContext({ baseURL })
  await signInAdmin(admin)
  await addVenue(admin.request, {
    name: venueName,
    address: '1400 S Country Club Rd',
    city: 'Tucson',
    region: 'tucson',
  })
  await admin.close()

  const open = async (firstName: string, lastName: string) =>
    signedInDeviceContext(
      browser,
      await createPlayer({ firstName, lastName, duprRating: 3.8, selfRating: 3.75 }),
    )
  const [vera, will] = await Promise.all([open('Vera', 'Vance'), open('Will', 'Wong')])
  await befriend(vera, will)
  const page = await vera.newPage()
  const setHome = async (homeState: string, homeRegion: string) => {
    const res = await vera.request.put('/api/profiles/me/home', { headers, data: { homeState, homeRegion } })
    expect(res.status(), await res.text()).toBe(200)
  }

  // Home in Utah: the wizard starts on Utah.
  await setHome('UT', 'statewide')
  await page.goto('/create-playdate')
  await page.getByRole('radio', { name: 'Pay to Challenge' }).check()
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Select State' })).toBeVisible()
  await expect(page.getByRole('radio', { name: /Utah/ })).toBeChecked()
  await page.getByRole('button', { name: 'Cancel' }).click()
  await expect(page).toHaveURL(/\/playdates$/)

  // Home in Tucson: Arizona, with Tucson already picked.
  await setHome('AZ', 'tucson')
  await page.goto('/create-playdate')
  await page.getByRole('radio', { name: 'Pay to Challenge' }).check()
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page.getByRole('radio', { name: /Arizona/ })).toBeChecked()
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Select Region' })).toBeVisible()
  await expect(page.getByRole('checkbox', { name: /Tucson/ })).toBeChecked()
  await expect(page.getByRole('checkbox', { name: /East Valley/ })).not.toBeChecked()
  await page.getByRole('button', { name: 'Continue' }).click()
  await page.getByRole('button', { name: /Will Wong/ }).click()
  // With a partner chosen, a range upside down is what Next waits for, and it says so.
  const lowest = page.getByLabel('Lowest rating')
  const lowestSet = await lowest.inputValue()
  await lowest.fill('5')
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled()
  await expect(page.getByRole('button', { name: 'Next' })).toHaveAccessibleDescription(
    'The lowest rating cannot be above the highest',
  )
  await lowest.fill(lowestSet)
  await page.getByRole('button', { name: 'Next' }).click()

  // No amount is said under the amount, where it is typed, not only under Next far below.
  const amount = page.getByLabel('Amount to Pay (per hour)')
  await amount.fill('0')
  await expect(amount).toHaveAccessibleDescription(/Enter an amount above \$0$/)
  await expect(amount).toHaveAttribute('aria-invalid', 'true')
  await amount.fill('30')
  await expect(amount).not.toHaveAttribute('aria-invalid', 'true')

  // A day already past: said under the date, and Next waits.
  const date = page.getByLabel('Date', { exact: true })
  const time = page.getByLabel('Start time')
  const next = page.getByRole('button', { name: 'Next' })
  const tooSoon = 'Start must be at least 30 minutes from now'
  await date.fill(phoenixDate(-1))
  await time.fill('18:00')
  await expect(date).toHaveAccessibleDescription(tooSoon)
  await expect(date).toHaveAttribute('aria-invalid', 'true')
  await expect(next).toBeDisabled()
  // The error reads in both themes.
  expect(await violationsInBothThemes(page)).toEqual([])
  // Today at midnight has passed too: said under the time.
  await date.fill(phoenixDate(0))
  await time.fill('00:00')
  await expect(time).toHaveAccessibleDescription(tooSoon)
  await expect(date).not.toHaveAttribute('aria-invalid', 'true')
  await expect(next).toBeDisabled()
  // Three days on is fine.
  await date.fill(phoenixDate(3))
  await time.fill('08:00')
  await expect(time).not.toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByText(tooSoon)).toHaveCount(0)
  await expect(next).toBeEnabled()

  // Another place, typed at length: the field shows all of it, wrapped over its lines, none of it
  // scrolled out of sight, at 375 px. A line break pasted in is a space: a place is one line.
  await page.getByLabel('Venue', { exact: true }).selectOption({ label: 'Other place…' })
  const place = page.getByRole('textbox', { name: 'Where you will play' })
  await place.fill('Court 3\nReffkin')
  await expect(place).toHaveValue('Court 3 Reffkin')
  await page.setViewportSize({ width: 375, height: 812 })
  await place.fill('Pickleball courts behind the Reffkin community center, 1400 S Country Club Rd, Tucson')
  const hidden = await place.evaluate((el) => [
    el.scrollWidth - el.clientWidth,
    el.scrollHeight - el.clientHeight,
  ])
  expect(hidden).toEqual([0, 0])
  expect((await place.boundingBox())!.height).toBeGreaterThan(60)
  await page.setViewportSize({ width: 390, height: 844 })

  // The venue, from Tucson's list.
  await page.getByLabel('Venue', { exact: true }).selectOption({ label: `${venueName}, Tucson` })
  await next.click()

  // The summary names the venue and its address.
  const summary = page.getByRole('heading', { name: 'Your PlayDate' }).locator('..')
  await expect(summary).toContainText(venueName)
  await expect(summary).toContainText('1400 S Country Club Rd, Tucson, AZ')
  await expect(summary).toContainText('Arizona: Tucson')
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  expect(await violationsInBothThemes(page)).toEqual([])
  // On a phone, down to 375 px, each value goes under its term with the card's whole width: the
  // start and the price each take one line.
  await page.setViewportSize({ width: 375, height: 812 })
  await expectFitsScreen(page)
  for (const term of ['When', 'Amount']) {
    const value = summary.locator(`dt:text-is("${term}") + dd`)
    const [termBox, valueBox] = await Promise.all([
      summary.locator(`dt:text-is("${term}")`).boundingBox(),
      value.boundingBox(),
    ])
    expect(valueBox!.y).toBeGreaterThanOrEqual(termBox!.y + termBox!.height - 1)
    expect(await lineCount(value)).toBe(1)
  }
  await expect(summary.locator('dt:text-is("Amount") + dd')).toHaveText('$30/hour · 2 h · $60')

  // The keyboard open: the page gives way to it (interactive-widget=resizes-content), and a window
  // 400 px high stands for what is left. While the description has the focus the tab bar steps
  // aside: the box and Create PlayDate each show whole, nothing over them. Once the player is done
  // typing it is back; on a screen with room for both, it stays while they type.
  await expect(page.locator('meta[name="viewport"]')).toHaveAttribute(
    'content',
    /interactive-widget=resizes-content/,
  )
  const tabs = page.getByRole('navigation', { name: 'Quick navigation' })
  const description = page.getByRole('textbox', { name: 'Description (optional)' })
  await description.focus()
  await expect(tabs).toBeVisible()
  await page.setViewportSize({ width: 375, height: 400 })
  await expect(tabs).toBeHidden()
  // The top bar no longer sticks: brought to the top of the screen, the description's label is
  // not under it (docs/decisions/0228).
  const banner = page.getByRole('banner')
  const labelShown = () =>
    description.evaluate((el) => {
      const label = (el as HTMLTextAreaElement).labels![0]!
      label.scrollIntoView({ block: 'start' })
      const box = label.getBoundingClientRect()
      return label.contains(document.elementFromPoint(box.left + 4, box.top + box.height / 2))
    })
  expect(await labelShown()).toBe(true)
  for (const target of [description, page.getByRole('button', { name: 'Create PlayDate' })]) {
    // Brought to the bottom of the screen, where the bar would be: its bottom edge is its own.
    await target.evaluate((el) => el.scrollIntoView({ block: 'end' }))
    const uncovered = await target.evaluate((el) => {
      const box = el.getBoundingClientRect()
      return el.contains(document.elementFromPoint(box.left + box.width / 2, box.bottom - 4))
    })
    expect(uncovered).toBe(true)
  }
  await expect(description).toBeFocused()
  await description.blur()
  await expect(tabs).toBeVisible()
  await expect(banner).toHaveCSS('position', 'sticky')
  await page.setViewportSize({ width: 375, height: 812 })
  await description.focus()
  await expect(tabs).toBeVisible()
  await expect(banner).toHaveCSS('position', 'sticky')

  // The description is optional: the PlayDate is created without one.
  await expect(description).toHaveValue('')
  await page.getByRole('button', { name: 'Create PlayDate' }).click()
  await expect(page.getByText('PlayDate created successfully')).toBeVisible()
  await expect(page).toHaveURL(/\/playdates\/[0-9a-f-]{36}$/)
  await expect(page.getByText(venueName).first()).toBeVisible()

  await vera.close()
  await will.close()
})
