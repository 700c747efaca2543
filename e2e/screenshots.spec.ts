import { type BrowserContext, expect, type Locator, type Page, test } from '@playwright/test'
import {
  befriend,
  createPlayDate,
  createPlayer,
  currentUserId,
  headers,
  moveClock,
  type Player,
  signInAdmin,
  signInContext,
} from './support/players'

// How the main screens look on a 390 px phone, in the light and the dark theme, compared with
// the pictures checked in beside this file (e2e/screenshots.spec.ts-snapshots). A change that
// moves, hides or recolours something on them fails here; an intended one updates the
// pictures: `npx playwright test e2e/screenshots.spec.ts --project=phone --update-snapshots`
// (docs/decisions/0107-screenshot-tests.md).
//
// What the screens show must be the same on every run: the server's clock is moved to one
// Monday morning in Arizona (and back at the end), the browser's clock runs from it too, and the
// players, their venue, games and messages have the same names each time. Everything from earlier
// journeys has expired by then.
const MONDAY = new Date('2027-03-01T16:00:00Z') // 9:00 AM in Phoenix
const SATURDAY = '2027-03-06'
const WEDNESDAY = '2027-03-03'

test.describe.configure({ mode: 'serial' })

// A few pixels at most, per picture: a count, not a share of a tall page's pixels (1% of a
// 390×3362 page let 13,111 pixels change: a changed word or a hidden icon). A word is hundreds of
// pixels, an icon's strokes dozens.
const shots = { maxDiffPixels: 10 } as const

test(
  'home, a PlayDate, its chat and a profile look as they did, in light and dark',
  { tag: ['@phone-only', '@clock'] },
  async ({ browser, baseURL }) => {
    test.setTimeout(240_000)
    const admin = await browser.newContext({ baseURL })
    const offsetMinutes = Math.round((MONDAY.getTime() - Date.now()) / 60_000)
    await moveClock(admin.request, offsetMinutes)
    try {
      // Signed in at the moved time: a session from before would have run out by then.
      await signInAdmin(admin)
      const venue = await admin.request.post('/api/admin/venues', {
        headers,
        data: {
          name: 'Snapshot Park Courts',
          address: '1 W Snapshot Way',
          city: 'Tempe',
          state: 'AZ',
          region: 'east_valley',
          courts: 6,
          setting: 'outdoor',
        },
      })
      expect(venue.status(), await venue.text()).toBe(201)
      const venueId = ((await venue.json()) as { id: string }).id

      const open = async (player: Player) => {
        const { viewport, isMobile, hasTouch } = test.info().project.use
        const context = await browser.newContext({ baseURL, viewport, isMobile, hasTouch })
        await signInContext(context, player)
        return context
      }
      const player = (firstName: string, lastName: string, duprRating: number, gender: 'male' | 'female') =>
        createPlayer({ firstName, lastName, duprRating, selfRating: 3.5, gender, zipCode: '85281' }).then(
          open,
        )
      const [rosa, sam, tara, uma, vic, wes] = await Promise.all([
        player('Rosa', 'Reyes', 4.2, 'female'),
        player('Sam', 'Soto', 4.4, 'male'),
        player('Tara', 'Tran', 3.4, 'female'),
        player('Uma', 'Ueda', 3.6, 'female'),
        player('Vic', 'Vance', 4.1, 'male'),
        player('Wes', 'Wong', 4.3, 'male'),
      ])
      const about = await sam!.request.put('/api/profiles/me/about', {
        headers,
        data: { bio: 'Lefty with a big forehand. Early mornings before work.', venueIds: [venueId] },
      })
      expect(about.status(), await about.text()).toBe(200)
      await befriend(rosa!, sam!)
      await befriend(tara!, uma!)
      await befriend(vic!, wes!)

      const post = (
        creator: BrowserContext,
        partner: BrowserContext,
        startDate: string,
        description: string,
      ) =>
        createPlayDate(creator, partner, description, {
          amount: 25,
          startDate,
          durationMinutes: 120,
          venueId,
        })
      const apply = async (applicant: BrowserContext, partner: BrowserContext, id: string) => {
        const res = await applicant.request.post(`/api/play-dates/${id}/requests`, {
          headers,
          data: { partnerId: await currentUserId(partner) },
        })
        expect(res.status(), await res.text()).toBe(201)
        return ((await res.json()) as { id: string }).id
      }

      // Rosa and Sam's Saturday game, matched with Tara and Uma, with two messages.
      const game = await post(rosa!, sam!, SATURDAY, 'Saturday doubles, bring a can of balls.')
      const request = await apply(tara!, uma!, game)
      const accepted = await rosa!.request.post(`/api/play-dates/requests/${request}/accept`, { headers })
      expect(accepted.status(), await accepted.text()).toBe(200)
      for (const [from, content] of [
        [rosa!, 'See you at court 3 at 7:45!'],
        [tara!, 'Great, we will bring water for everyone.'],
      ] as const) {
        const sent = await from.request.post(`/api/play-dates/${game}/messages`, {
          headers,
          data: { content },
        })
        expect(sent.status(), await sent.text()).toBe(201)
      }
      // Their Wednesday game waits for Rosa to decide on Vic and Wes.
      const wednesday = await post(rosa!, sam!, WEDNESDAY, 'Midweek game before work.')
      await apply(vic!, wes!, wednesday)
      // Vic and Wes have one of their own for the Suggested list.
      await post(vic!, wes!, SATURDAY, 'Looking for a strong team on Saturday.')

      const page = await rosa!.newPage()
      // What depends on the real date stays out of the comparison: the line of each date and time
      // (it adds "tomorrow" or "in 3 days" as the day comes near, and a PlayDate says when it was
      // made), and when a chat message was sent (the clocks tick on while the journey runs).
      const masked = (p: Page) => [p.locator('p:has(> time)'), p.locator('time')]
      const picture = async (
        name: string,
        show: (page: Page) => Promise<void>,
        part?: (page: Page) => Locator,
      ) => {
        for (const colorScheme of ['light', 'dark'] as const) {
          await page.emulateMedia({ colorScheme })
          await show(page)
          await page.waitForLoadState('networkidle')
          // From the top, as the page opens (a page may keep the scroll of the one before).
          await page.evaluate(() => window.scrollTo(0, 0))
          // A masked line as wide as its container, so that a time that reads wider on another run
          // (9:01 AM, 9:11 AM) is covered by the same box. Set on the elements (the page's policy
          // refuses the style sheet toHaveScreenshot's `style` would add).
          await page.evaluate(() => {
            for (const line of document.querySelectorAll<HTMLElement>('p:has(> time)'))
              line.style.alignSelf = 'stretch'
            // The bell's count is left out: it comes with a request of its own, and in the run of
            // every clock journey it was seen missing from a picture while the rest was the same.
            for (const badge of document.querySelectorAll<HTMLElement>('a[href="/notifications"] *'))
              if (/^\d+\+?$/.test(badge.textContent?.trim() ?? '') && badge.children.length === 0)
                badge.style.visibility = 'hidden'
          })
          const options = { ...shots, mask: masked(page) }
          if (part) await expect(part(page)).toHaveScreenshot(`${name}-${colorScheme}.png`, options)
          else
            await expect(page).toHaveScreenshot(`${name}-${colorScheme}.png`, { ...options, fullPage: true })
        }
      }

      await picture('home', async (p) => {
        await p.goto('/dashboard')
        await expect(p.getByRole('button', { name: 'Accept Vic Vance & Wes Wong' })).toBeVisible()
      })
      await picture('play-date', async (p) => {
        await p.goto(`/playdates/${game}`)
        await expect(p.getByText('See you at court 3 at 7:45!')).toBeVisible()
      })
      await picture(
        'chat',
        async (p) => {
          await p.goto(`/playdates/${game}`)
          await expect(p.getByText('Great, we will bring water for everyone.')).toBeVisible()
        },
        (p) => p.getByRole('heading', { name: 'Messages', exact: true }).locator('..'),
      )
      await picture('profile', async (p) => {
        await p.goto(`/profile/${await currentUserId(sam!)}`)
        await expect(p.getByRole('heading', { name: 'Sam Soto' })).toBeVisible()
        await expect(p.getByText('Lefty with a big forehand. Early mornings before work.')).toBeVisible()
      })
      for (const context of [rosa, sam, tara, uma, vic, wes]) await context!.close()
    } finally {
      await moveClock(admin.request, -offsetMinutes)
      await admin.close()
    }
  },
)
