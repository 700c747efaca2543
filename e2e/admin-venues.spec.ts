import { expect, type Page, test } from '@playwright/test'
import { axeOn } from './support/axe'
import { expectFitsScreen } from './support/layout'
import { signInAdmin } from './support/players'

const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']

async function violationsOf(page: Page) {
  const results = await axeOn(page).withTags(WCAG).analyze()
  return results.violations.map(
    (v) => `${v.id}: ${v.help}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  )
}

test(
  'an admin adds a venue, edits it, retires it and brings it back',
  { tag: '@postgres' },
  async ({ browser }) => {
    const context = await browser.newContext()
    await signInAdmin(context)
    const admin = await context.newPage()
    const tag = Math.random().toString(36).slice(2, 7)
    const name = `Desert Courts ${tag}`

    // The tab is reached from the keyboard like the others.
    await admin.goto('/admin')
    await admin.getByRole('tab', { name: 'Signup Codes' }).focus()
    await admin.keyboard.press('ArrowRight')
    await expect(admin.getByRole('tab', { name: 'Venues' })).toBeFocused()
    await admin.keyboard.press('Enter')
    await expect(admin.getByRole('tab', { name: 'Venues' })).toHaveAttribute('aria-selected', 'true')
    await expect(admin).toHaveURL(/\/admin\?tab=venues$/)
    await expect(admin.getByRole('combobox', { name: 'Status', exact: true })).toHaveValue('no')

    // Add Venue: the schema's messages by the fields, then a venue.
    await admin.getByRole('button', { name: 'Add Venue' }).click()
    const add = admin.getByRole('dialog', { name: 'Add Venue' })
    await expect(add.getByLabel('Name')).toBeFocused()
    await add.getByLabel('Latitude').fill('33.4152')
    await add.getByRole('button', { name: 'Add Venue' }).click()
    await expect(add.getByText('Name is required')).toBeVisible()
    await expect(add.getByText('Address is required')).toBeVisible()
    await expect(add.getByText('Choose a state', { exact: true }).last()).toBeVisible()
    await expect(add.getByText('Number of courts must be a whole number')).toBeVisible()
    await expect(add.getByLabel('Name')).toBeFocused()
    expect(await violationsOf(admin)).toEqual([])

    await add.getByLabel('Name').fill(name)
    await add.getByLabel('Address').fill('100 E Main St')
    await add.getByLabel('City').fill('Mesa')
    await add.getByLabel('State').selectOption('AZ')
    await add.getByLabel('Region').selectOption({ label: 'East Valley' })
    await add.getByLabel('Number of courts').fill('8')
    await add.getByRole('radio', { name: 'Indoor', exact: true }).check()
    // A position is both or neither, checked once the rest holds.
    await add.getByRole('button', { name: 'Add Venue' }).click()
    await expect(add.getByText('Give both latitude and longitude, or neither')).toBeVisible()
    await expect(add.getByLabel('Longitude')).toHaveAttribute('aria-invalid', 'true')
    await add.getByLabel('Longitude').fill('-111.8315')
    await expect(add.getByText('Give both latitude and longitude, or neither')).toHaveCount(0)
    await add.getByRole('button', { name: 'Add Venue' }).click()
    await expect(admin.getByText('Venue added successfully')).toBeVisible()
    await expect(add).toBeHidden()
    const row = admin.getByRole('row', { name: new RegExp(name) })
    await expect(row.getByText('100 E Main St, Mesa, AZ')).toBeVisible()
    await expect(row.getByText('Mesa, Arizona')).toBeVisible()
    await expect(row.getByText('East Valley')).toBeVisible()
    await expect(row.getByText('8 courts')).toBeVisible()
    await expect(row.getByRole('cell', { name: 'Indoor', exact: true })).toBeVisible()
    await expect(row.getByText('In Use')).toBeVisible()

    // Edit: another state takes its one region; a bad count is refused by the field.
    await row.getByRole('button', { name: `Edit ${name}` }).click()
    const edit = admin.getByRole('dialog', { name: 'Edit Venue' })
    await expect(edit.getByLabel('Name')).toHaveValue(name)
    await expect(edit.getByLabel('Latitude')).toHaveValue('33.4152')
    await expect(edit.getByRole('radio', { name: 'Indoor', exact: true })).toBeChecked()
    await edit.getByLabel('City').fill('Austin')
    await edit.getByLabel('State').selectOption('TX')
    await expect(edit.getByLabel('Region')).toHaveValue('statewide')
    await edit.getByLabel('Number of courts').fill('0')
    await edit.getByRole('radio', { name: 'Indoor and outdoor' }).check()
    await edit.getByLabel('Latitude').fill('30.2672')
    await edit.getByLabel('Longitude').fill('-97.7431')
    await edit.getByRole('button', { name: 'Save Changes' }).click()
    await expect(edit.getByText('A venue has at least one court')).toBeVisible()
    await expect(edit.getByLabel('Number of courts')).toHaveAttribute('aria-invalid', 'true')
    await edit.getByLabel('Number of courts').fill('10')
    await edit.getByRole('button', { name: 'Save Changes' }).click()
    await expect(admin.getByText('Venue updated successfully')).toBeVisible()
    await expect(edit).toBeHidden()
    await expect(row.getByText('Austin, Texas')).toBeVisible()
    await expect(row.getByText('Statewide')).toBeVisible()
    await expect(row.getByText('10 courts')).toBeVisible()
    await expect(row.getByText('Indoor and outdoor')).toBeVisible()

    // The state filter finds it; Arizona's does not.
    await admin.getByRole('combobox', { name: 'State', exact: true }).selectOption('TX')
    await expect(row).toBeVisible()
    await admin.getByRole('combobox', { name: 'State', exact: true }).selectOption('AZ')
    await expect(admin.getByRole('combobox', { name: 'Region', exact: true })).toBeVisible()
    await expect(row).toHaveCount(0)
    await admin.getByRole('button', { name: 'Reset Filters' }).click()
    await expect(row).toBeVisible()

    // Retire, after a confirmation: it leaves the list in use and the wizard's venues.
    await row.getByRole('button', { name: `Retire ${name}` }).click()
    const retire = admin.getByRole('dialog', { name: 'Retire Venue' })
    await expect(retire.getByText(name)).toBeVisible()
    await expect(retire.getByText(/you can restore it later/)).toBeVisible()
    await retire.getByRole('button', { name: 'Retire Venue' }).click()
    await expect(admin.getByText('Venue retired')).toBeVisible()
    await expect(retire).toBeHidden()
    await expect(row).toHaveCount(0)
    const offered = await context.request.get('/api/venues?state=TX&regions=statewide')
    const { items } = (await offered.json()) as { items: Array<{ name: string }> }
    expect(items.map((venue) => venue.name)).not.toContain(name)

    await admin.getByRole('combobox', { name: 'Status', exact: true }).selectOption({ label: 'Retired' })
    await expect(row.getByText('Retired', { exact: true })).toBeVisible()

    // Restore brings it back.
    await row.getByRole('button', { name: `Restore ${name}` }).click()
    const restore = admin.getByRole('dialog', { name: 'Restore Venue' })
    await restore.getByRole('button', { name: 'Restore Venue' }).click()
    await expect(admin.getByText('Venue restored')).toBeVisible()
    await expect(row).toHaveCount(0)
    await admin.getByRole('combobox', { name: 'Status', exact: true }).selectOption({ label: 'All Venues' })
    await expect(row.getByText('In Use')).toBeVisible()

    // On a phone: rows are cards, nothing scrolls sideways, buttons are a thumb's size.
    await admin.setViewportSize({ width: 375, height: 740 })
    await admin.reload()
    await expect(row).toBeVisible()
    await expectFitsScreen(admin)
    const frame = admin.getByRole('table').locator('..')
    expect(await frame.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true)
    for (const button of [
      row.getByRole('button', { name: `Edit ${name}` }),
      row.getByRole('button', { name: `Retire ${name}` }),
    ]) {
      expect((await button.boundingBox())!.height).toBeGreaterThanOrEqual(44)
    }
    expect(await violationsOf(admin)).toEqual([])
    await row.getByRole('button', { name: `Edit ${name}` }).click()
    await expect(edit.getByLabel('Name')).toHaveValue(name)
    await expectFitsScreen(admin)
    await edit.getByRole('button', { name: 'Cancel' }).click()
    await expect(edit).toBeHidden()

    await context.close()
  },
)
