import { DEFAULT_PRODUCT_NAME, type PublicConfig } from '../../domain/product'

const fallback: PublicConfig = {
  productName: DEFAULT_PRODUCT_NAME,
  helpUrl: '/about#help',
  roadmapUrl: '/about#roadmap',
  requireSignupCode: false,
  showDevTools: false,
}

// The server writes the public config into a meta tag of index.html.
function readConfig(): PublicConfig {
  const content = document.querySelector('meta[name="app-config"]')?.getAttribute('content')
  if (!content) return fallback
  try {
    return { ...fallback, ...(JSON.parse(content) as Partial<PublicConfig>) }
  } catch {
    return fallback
  }
}

export const config = readConfig()
