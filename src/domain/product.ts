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
}
