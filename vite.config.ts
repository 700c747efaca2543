import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'

// In development the server is not in front of Vite: fill the config placeholders with defaults.
const devConfigPlaceholders = (): Plugin => ({
  name: 'dev-config-placeholders',
  apply: 'serve',
  transformIndexHtml: (html) =>
    html.replaceAll('__PRODUCT_NAME__', 'PickleMatch').replace(
      '__APP_CONFIG__',
      JSON.stringify({
        productName: 'PickleMatch',
        helpUrl: '/about#help',
        roadmapUrl: '/about#roadmap',
        requireSignupCode: false,
        showDevTools: true,
      }).replace(/"/g, '&quot;'),
    ),
})

export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react(), tailwindcss(), devConfigPlaceholders()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: false,
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/dev': 'http://localhost:3000' },
  },
})
