import { expect, test } from '@playwright/test'
import { addVenue, befriend, createPlayDate, createPlayer, signInAdmin } from './support/players'
import { signedInDeviceContext } from './support/devices'

// Near me (docs/decisions/0157, 0158): a player sets home by ZIP code in Profile Settings, then
// finds a game 6 miles away with "Within 10 miles", nearest first, and not the one in Tucson.

test('a player in Tempe finds a game 6 miles away within 10 miles, and none in Tucson @phone', async ({
  browser,
  baseURL,
}) => {
  const run = Math.random().toString(36).slice(2, 6)
  const mesa = `Mesa Riverview Courts ${run}`
  const tucson = `Tucson Speedway Courts ${run}`
  const admin = await browser.newContext({ baseURL })
  await signInAdmin(admin)
  const addCourts = (venue: { name: string } & Record<string, unknown>) =>
    addVenue(admin.request, { address: '1 Main St', ...venue })
  // Mesa about 6 miles from Tempe's ZIP code; Tucson placed from its ZIP code, about 100.
  const mesaId = await addCourts({
    name: mesa,
    city: 'Mesa',
    region: 'east_valley',
    latitude: 33.4152,
    longitude: -111.8315,
  })
  const tucsonId = await addCourts({ name: tucson, city: 'Tucson', region: 'tucson', zipCode: '85716' })
  await admin.close()

  const { isMobile } = test.info().project.use
  const open = async (firstName: string) => signedInDeviceContext(browser, await createPlayer({ firstName }))
  const [cara, dev, nia] = await Promise.all([open('Cara'), open('Dev'), open('Nia')])
  await befriend(cara, dev)
  await createPlayDate(cara, dev, `Mesa evening doubles ${run}`, { venueId: mesaId })
  await createPlayDate(cara, dev, `Tucson morning doubles ${run}`, {
    venueId: tucsonId,
    regions: ['tucson'],
  })

  // Home by ZIP code in Profile Settings.
  const page = await nia.newPage()
  await page.goto('/profile')
  await expect(page.getByText('Home: Phoenix, AZ')).toBeVisible()
  await page.getByRole('button', { name: 'Change home' }).click()
  await page.getByLabel('Home ZIP code').fill('85281')
  await page.getByRole('button', { name: 'Save ZIP code' }).click()
  await expect(page.getByText('Home: Tempe, AZ')).toBeVisible()

  // Available within 10 miles, nearest first: the Mesa game, 6 miles away; not Tucson's.
  // On a phone the filters fold into one line that says what they are set to: a tap opens them.
  const fold = page.getByRole('button', { name: /Filters$/ })
  const openFilters = async () => {
    if (isMobile) await fold.click()
  }
  await page.goto('/playdates?tab=available')
  await openFilters()
  await page.getByLabel('Distance').selectOption({ label: 'Within 10 miles' })
  await expect(page).toHaveURL(/within=10/)
  // Its state comes from the URL, once the list has read it: clicked, then seen checked.
  await page.getByLabel('Nearest first').click()
  await expect(page.getByLabel('Nearest first')).toBeChecked()
  await expect(page).toHaveURL(/within=10&sort=nearest/)
  await expect(page.getByText(mesa)).toContainText('6 mi')
  await expect(page.getByText(tucson)).toHaveCount(0)

  // The URL keeps the filters: a reload shows the same list.
  await page.reload()
  if (isMobile) await expect(fold).toContainText('Within 10 mi')
  await openFilters()
  await expect(page.getByLabel('Distance')).toHaveValue('10')
  await expect(page.getByText(mesa)).toContainText('6 mi')
  await Promise.all([cara.close(), dev.close(), nia.close()])
})
