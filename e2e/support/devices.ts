import { type Browser, test } from '@playwright/test'
import { appOrigin, type Player, signInContext } from './players'

// A browser context shaped as the running project's device: a 390 px touch phone on the phone
// projects, a desktop window on the others.
export function deviceContext(browser: Browser) {
  const { viewport, isMobile, hasTouch } = test.info().project.use
  return browser.newContext({ baseURL: appOrigin, viewport, isMobile, hasTouch })
}

// The player, signed in on a device context of their own.
export async function signedInDeviceContext(browser: Browser, player: Player) {
  const context = await deviceContext(browser)
  await signInContext(context, player)
  return context
}
