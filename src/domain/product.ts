import type { ZoneRules } from './play-dates/zone-rules'

export const TAGLINE = 'Level Up Your Match'
export const DEFAULT_PRODUCT_NAME = 'PickleMatch'

export const pageTitle = (page: string, productName: string) => `${page} | ${productName} | ${TAGLINE}`

// Settings the browser needs, delivered in the served HTML (no extra request, no inline script).
export interface PublicConfig {
  productName: string
  helpUrl: string
  roadmapUrl: string
  requireSignupCode: boolean
  showDevTools: boolean
  // The PlayDate zones' offsets around the server's start: the page reads wall clocks from them
  // instead of loading the browser's time-zone data (docs/decisions/0125).
  zoneRules?: ZoneRules
}
