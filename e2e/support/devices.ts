import { type Browser, test } from '@playwright/test'
import { appOrigin, type Player, signInContext } from './players'

// A browser context shaped as the running project's device: a 390 px touch phone on the phone
// projects, a desktop window on the others.
export function deviceContext(browser: Browser) {
  const { viewport, isMobile, hasTouch } = test.info().project.use
  return browser.newContext({ baseURL: appOrigin, viewport, isMobile, hasTouch })
}

// A 390 px touch phone (the size most players hold), whatever the running project: for journeys
// about the phone itself. `timezoneId`: the zone its clock keeps, when not the machine's.
export function phoneContext(browser: Browser, { timezoneId }: { timezoneId?: string } = {}) {
  return browser.newContext({
    baseURL: appOrigin,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    ...(timezoneId ? { timezoneId } : {}),
  })
}

// The player, signed in on a phone of their own.
export async function signedInPhoneContext(browser: Browser, player: Player) {
  const context = await phoneContext(browser)
  await signInContext(context, player)
  return context
}

// The player, signed in on a device context of their own.
export async function signedInDeviceContext(browser: Browser, player: Player) {
  const context = await deviceContext(browser)
  await signInContext(context, player)
  return context
}
