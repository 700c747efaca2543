import type { Plugin } from 'vite'
import { appearanceScript } from '../../src/domain/appearance'

// The public config a development page gets (the server fills it in for a built page).
export const DEV_CONFIG = {
  productName: 'PickleMatch',
  helpUrl: '/about#help',
  roadmapUrl: '/about#roadmap',
  requireSignupCode: false,
  showDevTools: true,
}

export const withDevConfig = (html: string) =>
  html
    .replaceAll('__PRODUCT_NAME__', DEV_CONFIG.productName)
    .replace('__APP_CONFIG__', JSON.stringify(DEV_CONFIG).replace(/"/g, '&quot;'))

// In development the server is not in front of Vite: fill the config placeholders with defaults.
export const devConfigPlaceholders = (): Plugin => ({
  name: 'dev-config-placeholders',
  apply: 'serve',
  transformIndexHtml: withDevConfig,
})

// The light or dark theme is set before the first paint by one inline script in the head, which
// the Content Security Policy allows by its hash (docs/decisions/0099-dark-mode.md). It goes in
// as it is: any change to its text is a change to the hash the server sends. Ahead of the styles,
// so it runs at once instead of after they have loaded.
export const appearanceBeforePaint = (): Plugin => ({
  name: 'appearance-before-paint',
  transformIndexHtml: {
    order: 'pre',
    handler: () => [{ tag: 'script', children: appearanceScript, injectTo: 'head' }],
  },
})
