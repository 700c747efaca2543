import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
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

// Hashed assets are compressed once, at build time, with the best ratio (brotli and gzip); the
// server sends these files as they are instead of compressing on every request.
const precompressAssets = (): Plugin => ({
  name: 'precompress-assets',
  apply: 'build',
  writeBundle(options) {
    const dir = path.join(options.dir ?? 'dist', 'assets')
    for (const name of readdirSync(dir)) {
      if (!/\.(js|css|svg|json)$/.test(name)) continue
      const file = path.join(dir, name)
      const content = readFileSync(file)
      if (content.byteLength < 1024) continue
      writeFileSync(
        `${file}.br`,
        brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      )
      writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }))
    }
  },
})

export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react(), tailwindcss(), devConfigPlaceholders(), precompressAssets()],
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
