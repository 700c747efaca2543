import { type Browser, expect, type Locator, type Page, test } from '@playwright/test'
import sharp from 'sharp'
import {
  befriend,
  createPlayDate,
  createPlayer,
  currentUserId,
  headers,
  signInContext,
} from './support/players'

// A small photo made here, in one colour.
const photo = (background: string) =>
  sharp({ create: { width: 320, height: 240, channels: 3, background } })
    .png()
    .toBuffer()

async function openAs(browser: Browser, firstName: string, lastName: string) {
  const context = await browser.newContext()
  await signInContext(context, await createPlayer({ firstName, lastName }))
  const page = await context.newPage()
  page.on('pageerror', (error) => {
    throw error
  })
  return { context, page }
}

// A face that has loaded: the photo is there and the browser decoded it.
async function expectPhoto(face: Locator) {
  await expect(face).toBeVisible()
  await expect(face).toHaveAttribute('src', /\/api\/profiles\/[0-9a-f-]+\/photo\?v=[0-9a-f]+/)
  await expect
    .poll(() => face.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0)
}

const photoOf = (scope: Page | Locator, playerId: string) =>
  scope.locator(`img[src^="/api/profiles/${playerId}/photo"]`)

test(
  'a player sets a photo in Profile Settings and sees their face; a friend’s face shows on their rows and cards',
  { tag: '@phone-only' },
  async ({ browser }) => {
    const tag = Math.random().toString(36).slice(2, 7)
    const faye = await openAs(browser, 'Faye', `Lens${tag}`)
    const gus = await openAs(browser, 'Gus', `Frame${tag}`)
    try {
      await befriend(faye.context, gus.context)
      const [fayeId, gusId] = [await currentUserId(faye.context), await currentUserId(gus.context)]
      // Gus already has a photo.
      const uploaded = await gus.context.request.put('/api/profiles/me/photo', {
        headers: { ...headers, 'content-type': 'image/png' },
        data: await photo('#0f766e'),
      })
      expect(uploaded.status(), await uploaded.text()).toBe(200)
      await createPlayDate(faye.context, gus.context, `Faces ${tag}`)

      const { page } = faye
      await page.goto('/profile')
      await expect(page.getByRole('heading', { level: 2, name: 'Your photo' })).toBeVisible()
      // No photo yet: the initials, named for the player.
      await expect(page.getByRole('img', { name: `Faye Lens${tag}` })).toHaveText('FL')

      // A file that is not a photo is refused, and says why.
      const picker = page.getByLabel('Change photo')
      await picker.setInputFiles({
        name: 'notes.png',
        mimeType: 'image/png',
        buffer: Buffer.from('not a photo'),
      })
      await expect(page.getByRole('alert')).toHaveText(
        'That file is not a photo we can read. Please choose a JPEG, PNG, WebP or HEIC photo.',
      )

      // The keyboard reaches the picker, and its focus shows on the button the player sees.
      await picker.focus()
      const changeButton = page.locator('label', { hasText: 'Change photo' })
      await expect(changeButton).toHaveCSS('outline-style', 'solid')
      const box = await changeButton.boundingBox()
      expect(box!.height).toBeGreaterThanOrEqual(44)

      await picker.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await photo('#be185d') })
      await expect(page.getByText('Photo updated')).toBeVisible()
      await expect(page.getByRole('alert')).toHaveCount(0)
      await expectPhoto(page.getByRole('img', { name: `Faye Lens${tag}` }))
      // The header shows it too, beside the name (decorative there); the closed menu's copy, for
      // much larger text (0228), is not shown.
      const inHeader = photoOf(page.getByRole('banner'), fayeId).filter({ visible: true })
      await expectPhoto(inHeader)
      await expect(inHeader).toHaveAttribute('alt', '')

      // The public profile's header.
      await page.goto(`/profile/${fayeId}`)
      await expect(page.getByRole('heading', { level: 1, name: `Faye Lens${tag}` })).toBeVisible()
      await expectPhoto(photoOf(page.getByRole('main'), fayeId).first())

      // Gus's face on Faye's connection row and on their PlayDate's card.
      await page.goto('/connections')
      const row = page
        .getByRole('tabpanel')
        .getByRole('listitem')
        .filter({ hasText: `Gus Frame${tag}` })
      await expectPhoto(photoOf(row, gusId))
      await page.goto('/playdates?tab=mine')
      const card = page.getByRole('article').filter({ hasText: `Gus Frame${tag}` })
      await expectPhoto(photoOf(card, gusId))
      await expectPhoto(photoOf(card, fayeId))

      // Faye removes her photo: her initials are back.
      await page.goto('/profile')
      await page.getByRole('button', { name: 'Remove photo' }).click()
      await expect(page.getByText('Photo removed')).toBeVisible()
      await expect(page.getByRole('img', { name: `Faye Lens${tag}` })).toHaveText('FL')
      await expect(photoOf(page, fayeId)).toHaveCount(0)
    } finally {
      await faye.context.close()
      await gus.context.close()
    }
  },
)
