import { DEFAULT_PRODUCT_NAME, type PublicConfig } from '../../domain/product'

const fallback: PublicConfig = {
  productName: DEFAULT_PRODUCT_NAME,
  helpUrl: '/about#help',
  roadmapUrl: '/about#roadmap',
  requireSignupCode: false,
  showDevTools: false,
}

// The server writes the public config into a meta tag of index.html. Outside a page (a unit test
// that imports a feature's index), the defaults.
function readConfig(): PublicConfig {
  if (typeof document === 'undefined') return fallback
  const content = document.querySelector('meta[name="app-config"]')?.getAttribute('content')
  if (!content) return fallback
  try {
    return { ...fallback, ...(JSON.parse(content) as Partial<PublicConfig>) }
  } catch {
    return fallback
  }
}

export const config = readConfig()
