import { type BrowserContext, expect, type Locator, type Page, test } from '@playwright/test'
import sharp from 'sharp'
import {
  addVenue,
  befriend,
  createPlayDate,
  createPlayer,
  currentUserId,
  headers,
  moveClock,
  type Player,
  signInAdmin,
} from './support/players'
import { deviceContext, signedInDeviceContext } from './support/devices'
import { storedViews } from './support/offline'

// How the main screens look on a 390 px phone, in the light and the dark theme, compared with
// the pictures checked in beside this file (e2e/screenshots.spec.ts-snapshots). A change that
// moves, hides or recolours something on them fails here; an intended one updates the
// pictures: `npx playwright test e2e/screenshots.spec.ts --project=phone --update-snapshots`
// (docs/decisions/0107-screenshot-tests.md).
//
// What the screens show must be the same on every run: the server's clock is moved to one
// Monday morning in Arizona (and back at the end), the app reads its days by the server's clock
// (its answers' Date header: "in 2 days" for Wednesday's game), and the players, their venue,
// games and messages have the same names each time. Everything from earlier
// journeys has expired by then. For the game's result the clock moves on to the Saturday morning,
// after the game. The screens of issue 53 follow the main ones: Profile Settings, Notifications,
// Available with its filters folded, Connections with no friends, the Create PlayDate wizard (a
// start already past, the summary with its venue), sign-up with no DUPR rating, home asking for the
// result, and the game's page with "Confirm result", then Undo; then Notifications and Profile
// Settings offline, a team whose Team DUPR counts a self rating, the game won in History, and home
// with the player's photo.
const MONDAY = new Date('2027-03-01T16:00:00Z') // 9:00 AM in Phoenix
const SATURDAY = '2027-03-06'
const WEDNESDAY = '2027-03-03'

test.describe.configure({ mode: 'serial' })

// A photo made here, the same each run: a head and shoulders on a sky, so that it reads as a
// photo, not as the coloured circle of a player's initials.
const portrait = `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="320">
  <defs><linearGradient id="sky" x2="0" y2="1"><stop offset="0" stop-color="#7dd3fc"/><stop offset="1" stop-color="#fef3c7"/></linearGradient></defs>
  <rect width="320" height="320" fill="url(#sky)"/>
  <ellipse cx="160" cy="330" rx="120" ry="90" fill="#be185d"/>
  <circle cx="160" cy="150" r="62" fill="#c08457"/>
  <path d="M98 140 Q100 80 160 82 Q220 80 222 140 Q200 108 160 110 Q120 108 98 140Z" fill="#3f2a1d"/>
</svg>`

// A few pixels at most, per picture: a count, not a share of a tall page's pixels (1% of a
// 390×3362 page let 13,111 pixels change: a changed word or a hidden icon). A word is hundreds of
// pixels, an icon's strokes dozens.
const shots = { maxDiffPixels: 10 } as const

test(
  'home, a PlayDate, its chat, a profile, settings, sign-up, the wizard and a result look as they did, in light and dark',
  { tag: ['@phone-only', '@clock'] },
  async ({ browser, baseURL }) => {
    test.setTimeout(240_000)
    const admin = await browser.newContext({ baseURL })
    let offsetMinutes = Math.round((MONDAY.getTime() - Date.now()) / 60_000)
    await moveClock(admin.request, offsetMinutes)
    try {
      // Signed in at the moved time: a session from before would have run out by then.
      await signInAdmin(admin)
      const venueId = await addVenue(admin.request, {
        name: 'Snapshot Park Courts',
        address: '1 W Snapshot Way',
      })

      const open = (player: Player) => signedInDeviceContext(browser, player)
      // A player with no DUPR rating (null) signed up with "I don't have a DUPR rating yet".
      const player = (
        firstName: string,
        lastName: string,
        duprRating: number | null,
        gender: 'male' | 'female',
      ) =>
        createPlayer({
          firstName,
          lastName,
          // Profile Settings shows it: the same on every run.
          email: `${firstName}.${lastName}@screenshots.picklematch.test`.toLowerCase(),
          ...(duprRating === null ? { noDuprRating: true } : { duprRating }),
          selfRating: 3.5,
          gender,
          zipCode: '85281',
        }).then(open)
      const [rosa, sam, tara, uma, vic, wes, xena, yara] = await Promise.all([
        player('Rosa', 'Reyes', 4.2, 'female'),
        player('Sam', 'Soto', 4.4, 'male'),
        player('Tara', 'Tran', 3.4, 'female'),
        player('Uma', 'Ueda', 3.6, 'female'),
        player('Vic', 'Vance', 4.1, 'male'),
        player('Wes', 'Wong', 4.3, 'male'),
        // Xena has no friends yet.
        player('Xena', 'Young', 3.9, 'female'),
        // Yara has no DUPR rating yet.
        player('Yara', 'Zamora', null, 'female'),
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
      // made: its whole line, as the day's name reads wider on one day than another), and when a
      // chat message was sent (the clocks tick on while the journey runs).
      const masked = (p: Page) => [p.locator('p:has(> time)'), p.locator('dd:has(> time)'), p.locator('time')]
      const picture = async (
        name: string,
        show: (page: Page) => Promise<void>,
        part?: (page: Page) => Locator,
        // Another page than Rosa's, and what else on it changes from run to run.
        { on = page, mask = () => [] }: { on?: Page; mask?: (page: Page) => Locator[] } = {},
      ) => {
        for (const colorScheme of ['light', 'dark'] as const) {
          await on.emulateMedia({ colorScheme })
          await show(on)
          await on.waitForLoadState('networkidle')
          // From the top, as the page opens (a page may keep the scroll of the one before); a part in
          // the middle of the screen, clear of the phone's bar of tabs at the bottom.
          if (part) await part(on).evaluate((element) => element.scrollIntoView({ block: 'center' }))
          else await on.evaluate(() => window.scrollTo(0, 0))
          // A masked line as wide as its container, so that a time that reads wider on another run
          // (9:01 AM, 9:11 AM) is covered by the same box. Set on the elements (the page's policy
          // refuses the style sheet toHaveScreenshot's `style` would add).
          await on.evaluate(() => {
            for (const line of document.querySelectorAll<HTMLElement>('p:has(> time)'))
              line.style.alignSelf = 'stretch'
            // The bell's count is left out: it comes with a request of its own, and in the run of
            // every clock journey it was seen missing from a picture while the rest was the same. A
            // count that arrives later, while the picture is taken, is hidden as it comes.
            const hideCount = () => {
              for (const badge of document.querySelectorAll<HTMLElement>('a[href="/notifications"] *'))
                if (/^\d+\+?$/.test(badge.textContent?.trim() ?? '') && badge.children.length === 0)
                  badge.style.visibility = 'hidden'
            }
            hideCount()
            const page = window as { countHidden?: boolean }
            if (!page.countHidden) {
              page.countHidden = true
              new MutationObserver(hideCount).observe(document.body, {
                subtree: true,
                childList: true,
                characterData: true,
              })
            }
          })
          const options = { ...shots, mask: [...masked(on), ...mask(on)] }
          if (part) await expect(part(on)).toHaveScreenshot(`${name}-${colorScheme}.png`, options)
          else await expect(on).toHaveScreenshot(`${name}-${colorScheme}.png`, { ...options, fullPage: true })
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

      // A page the picture before left open is not loaded again for the dark one: the theme follows
      // the colour scheme at once, and a page such as home takes seconds to settle.
      const visit = async (p: Page, path: string) => {
        if (p.url() !== new URL(path, baseURL).href) await p.goto(path)
      }

      // The screens of issue 53's rough edges. The public profile above shows the age range and the
      // city. Profile Settings: push on this device, the privacy switch, the calendar link (its
      // address holds a secret of its own each run: left out).
      const home = await rosa!.request.put('/api/profiles/me/home', {
        headers,
        data: { homeState: 'AZ', homeRegion: 'east_valley' },
      })
      expect(home.status(), await home.text()).toBe(200)
      const link = await rosa!.request.post('/api/calendar-feed', { headers })
      expect(link.status(), await link.text()).toBeLessThan(300)
      await picture(
        'settings',
        async (p) => {
          await visit(p, '/profile')
          // The venues to add are all of the run's: only this one's are shown.
          await p.getByLabel('Find a venue').fill('Snapshot')
          await p.getByLabel('Find a venue').blur()
          await expect(p.getByText('1 venue matches')).toBeVisible()
          await expect(p.getByRole('link', { name: 'Subscribe in my calendar' })).toBeVisible()
          await expect(
            p.getByRole('switch', { name: 'Show my birthdate and ZIP code on my profile' }),
          ).toBeVisible()
          await expect(
            p.getByRole('region', { name: 'Push notifications on this device' }).getByRole('status'),
          ).toHaveText('Push is off for this device.')
        },
        undefined,
        { mask: (p) => [p.getByLabel('Your calendar link')] },
      )
      await picture('notifications', async (p) => {
        await visit(p, '/notifications')
        await expect(p.getByRole('button', { name: /Vic Vance/ }).first()).toBeVisible()
      })
      // Offline, Notifications and Profile Settings show what was last seen, kept by the service
      // worker's page from the visits above (docs/decisions/0095-offline-last-seen-data.md).
      await page.evaluate(async () => navigator.serviceWorker.ready)
      for (const key of [
        ['notifications', 'list'],
        ['profiles', 'me'],
      ])
        await expect.poll(async () => (await storedViews(page)).includes(JSON.stringify(key))).toBe(true)
      await rosa!.setOffline(true)
      // The banner says when they were seen, a time that differs each run: only that time is left
      // out, set apart in an element of its own (its words stay the same). Set on the elements,
      // as the masked lines above are.
      const offlineBanner = async (p: Page) => {
        const banner = p.getByRole('status').getByText(/^Offline: showing what you saw at \d/)
        await expect(banner).toBeVisible()
        await banner.evaluate((line) => {
          if (line.querySelector('[data-seen-at]')) return
          // One element for the words, as the text was (the banner lays its icon and text out in a
          // row), with the time in an element inside it.
          const text = [...line.childNodes].find((node) => node.nodeType === Node.TEXT_NODE) as Text
          const words = document.createElement('span')
          const time = document.createElement('span')
          time.dataset.seenAt = ''
          // As wide as the widest time (12:00 PM), so that the words wrap the same way every run.
          time.style.display = 'inline-block'
          time.style.minWidth = '5.5em'
          time.textContent = text.splitText(text.data.lastIndexOf(' at ') + 4).data
          text.nextSibling!.remove()
          text.replaceWith(words)
          words.append(text, time)
        })
      }
      const seenAt = (p: Page) => [p.locator('[data-seen-at]')]
      await page.reload()
      await picture(
        'notifications-offline',
        async (p) => {
          await offlineBanner(p)
          await expect(p.getByRole('button', { name: /Vic Vance/ }).first()).toBeVisible()
        },
        undefined,
        { mask: seenAt },
      )
      await picture(
        'settings-offline',
        async (p) => {
          await visit(p, '/profile')
          await offlineBanner(p)
          // The venues to add are not kept: they wait for the network.
          await expect(
            p.getByRole('region', { name: 'Plays at' }).getByText("You're offline. This needs a connection."),
          ).toBeVisible()
        },
        undefined,
        { mask: (p) => [...seenAt(p), p.getByLabel('Your calendar link')] },
      )
      await rosa!.setOffline(false)
      // Available, its filters folded into one line on a phone.
      await picture('available', async (p) => {
        await visit(p, '/playdates?tab=available')
        await expect(p.getByRole('heading', { name: 'Vic Vance & Wes Wong' })).toBeVisible()
        await expect(p.getByRole('button', { name: /Filters$/ })).toBeVisible()
      })
      const xenaPage = await xena!.newPage()
      await picture(
        'connections-empty',
        async (p) => {
          await visit(p, '/connections')
          await expect(p.getByText('No friends yet')).toBeVisible()
        },
        undefined,
        { on: xenaPage },
      )

      // Xena and Yara's game: Yara's self rating counts in their Team DUPR.
      await befriend(xena!, yara!)
      const selfRated = await post(xena!, yara!, SATURDAY, 'A first game for Yara.')
      const creatorTeam = (p: Page) => p.getByRole('heading', { name: 'Creator Team' }).locator('..')
      await picture(
        'team-self-rating',
        async (p) => {
          await visit(p, `/playdates/${selfRated}`)
          await expect(creatorTeam(p)).toContainText('Counts a self rating')
        },
        creatorTeam,
        { on: xenaPage },
      )

      // The wizard: a start already past is said on the date's step, and the summary names the
      // venue. The check is the browser's, on its own clock (Playwright's fake one breaks the time
      // zone's arithmetic): the summary's day is counted from today, and left out of the picture.
      const phoenixDate = (days: number) =>
        new Date(Date.now() - 7 * 3600_000 + days * 86_400_000).toISOString().slice(0, 10)
      const wizard = await rosa!.newPage()
      await wizard.goto('/create-playdate')
      await wizard.getByRole('radio', { name: 'Pay to Challenge' }).check()
      await wizard.getByRole('button', { name: 'Continue' }).click()
      await expect(wizard.getByRole('heading', { level: 1, name: 'Select State' })).toBeVisible()
      await wizard.getByRole('button', { name: 'Continue' }).click()
      await expect(wizard.getByRole('heading', { level: 1, name: 'Select Region' })).toBeVisible()
      await wizard.getByRole('button', { name: 'Continue' }).click()
      await wizard.getByRole('button', { name: /Sam Soto/ }).click()
      await wizard.getByRole('button', { name: 'Next' }).click()
      const date = wizard.getByLabel('Date', { exact: true })
      // Any day gone by will do: one that reads the same on every run.
      await date.fill('2026-03-01')
      await wizard.getByLabel('Start time').fill('18:00')
      await wizard.getByLabel('Venue', { exact: true }).selectOption({ label: 'Snapshot Park Courts, Tempe' })
      await wizard.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
      await picture(
        'wizard-past-start',
        async () => expect(date).toHaveAccessibleDescription('Start must be at least 30 minutes from now'),
        undefined,
        { on: wizard },
      )
      await date.fill(phoenixDate(3))
      await wizard.getByLabel('Start time').fill('08:00')
      await wizard.getByRole('button', { name: 'Next' }).click()
      const summary = (p: Page) => p.getByRole('heading', { name: 'Your PlayDate' }).locator('..')
      await picture(
        'wizard-review',
        async (p) => expect(summary(p)).toContainText('1 W Snapshot Way, Tempe, AZ'),
        summary,
        {
          on: wizard,
          mask: (p) => [p.locator('dt', { hasText: /^When$/ }).locator('xpath=following-sibling::dd[1]')],
        },
      )

      // Sign-up, a newcomer with no DUPR rating yet.
      const visitor = await deviceContext(browser)
      const signUp = await visitor.newPage()
      await signUp.goto('/signup')
      await signUp.getByLabel('First name').fill('Robin')
      await signUp.getByLabel('Last name').fill('Ames')
      await signUp.getByLabel('Gender').selectOption('female')
      await signUp.getByLabel('Birthdate').fill('1990-06-02')
      await signUp.getByLabel("I don't have a DUPR rating yet").check()
      await signUp.getByLabel('Self rating').fill('3.25')
      await signUp.getByLabel('ZIP code', { exact: true }).fill('85004')
      await signUp.getByLabel('Email').fill('robin.ames@example.com')
      await signUp.getByLabel('Password').fill('first-pass-1-long')
      await signUp.getByLabel(/I agree to the/).check()
      await picture(
        'sign-up-no-dupr',
        async (p) => expect(p.getByLabel('DUPR rating', { exact: true })).toBeDisabled(),
        undefined,
        { on: signUp },
      )

      // Saturday, 10:30 AM: the game is over. Rosa's home asks for the result; Rosa reports it, and
      // Tara's page of the game offers "Confirm result", then Undo.
      const afterGame = Math.round((new Date('2027-03-06T17:30:00Z').getTime() - Date.now()) / 60_000)
      await moveClock(admin.request, afterGame - offsetMinutes)
      offsetMinutes = afterGame
      const waiting = (p: Page) => p.locator('section[aria-labelledby="waiting-for-you"]')
      await picture(
        'home-report',
        async (p) => {
          await visit(p, '/dashboard')
          await expect(waiting(p).getByRole('link', { name: /^Report the result/ })).toBeVisible()
        },
        waiting,
      )
      const reported = await rosa!.request.post(`/api/play-dates/${game}/result`, {
        headers,
        data: { outcome: 'played', pointsTo: 11, games: [{ us: 11, them: 7 }] },
      })
      expect(reported.status(), await reported.text()).toBe(200)
      const taraPage = await tara!.newPage()
      const result = (p: Page) => p.getByRole('region', { name: 'Result' })
      await picture(
        'confirm-result',
        async (p) => {
          await visit(p, `/playdates/${game}`)
          await expect(result(p).getByRole('button', { name: 'Confirm result' })).toBeVisible()
        },
        result,
        { on: taraPage },
      )
      await result(taraPage).getByRole('button', { name: 'Confirm result' }).click()
      await picture(
        'confirm-result-undo',
        async (p) => expect(result(p).getByRole('button', { name: 'Undo' })).toBeVisible(),
        result,
        { on: taraPage },
      )
      // A minute on, the confirmed result is final (docs/decisions/0159): Rosa's History shows it.
      await moveClock(admin.request, 1)
      offsetMinutes += 1
      const card = (p: Page) =>
        p.getByRole('article').filter({ has: p.locator(`a[href^="/playdates/${game}"]`) })
      await picture(
        'history-won',
        async (p) => {
          await visit(p, '/playdates?tab=history')
          await expect(card(p)).toContainText('Won 11-7')
        },
        card,
      )
      // Rosa adds her photo: her home shows her face.
      const photo = await rosa!.request.put('/api/profiles/me/photo', {
        headers: { ...headers, 'content-type': 'image/png' },
        data: await sharp(Buffer.from(portrait)).png().toBuffer(),
      })
      expect(photo.status(), await photo.text()).toBe(200)
      const rosaId = await currentUserId(rosa!)
      await picture('home-photo', async (p) => {
        await visit(p, '/dashboard')
        // The bar's face (the menu's, for the compact bar, is not shown).
        const img = p
          .getByRole('banner')
          .locator(`img[src^="/api/profiles/${rosaId}/photo"]`)
          .filter({ visible: true })
        await expect(img).toBeVisible()
        await expect
          .poll(() => img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth))
          .toBeGreaterThan(0)
      })
      for (const context of [rosa, sam, tara, uma, vic, wes, xena, yara, visitor]) await context!.close()
    } finally {
      await moveClock(admin.request, -offsetMinutes)
      await admin.close()
    }
  },
)
