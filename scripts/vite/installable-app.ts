import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { Plugin } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'

// The service worker precaches the app shell only (docs/decisions/0092-installable-app.md): the
// files the HTML names (entry, framework, styles), the signed-in shell, what the app needs offline,
// and the pages a player opens the app on or sees offline with what they last saw (0095). Other
// pages load from the network. Read from `outDir` after the build has written index.html and the
// preload lists (page-preloads.ts): the plugin injects the manifest when the bundle is closed.
export const SHELL_PAGES = ['/', '/signin', '/dashboard', '/playdates', '/playdates/:id']

export function appShellFiles(outDir: string) {
  const files = new Set<string>()
  const read = <T>(name: string) => JSON.parse(readFileSync(path.join(outDir, name), 'utf8')) as T
  const html = readFileSync(path.join(outDir, 'index.html'), 'utf8')
  for (const [, file] of html.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)) files.add(file!)
  const pages = read<{ path: string; files: string[] }[]>('page-preloads.json')
  for (const file of [
    ...read<string[]>('signed-in-preloads.json'),
    ...read<string[]>('offline-files.json'),
    ...pages.filter((page) => SHELL_PAGES.includes(page.path)).flatMap((page) => page.files),
  ]) {
    files.add(file.replace(/^\//, ''))
  }
  return files
}

// Vite 8 calls the PWA plugin's closeBundle twice per build; the second run finds the manifest
// already injected and fails the build. Once per build is enough.
export const oncePerBuild = (plugins: Plugin[]): Plugin[] =>
  plugins.map((plugin) => {
    const hook = plugin.closeBundle
    if (!hook || typeof hook === 'function') return plugin
    let done = false
    return {
      ...plugin,
      buildStart() {
        done = false
      },
      closeBundle: {
        ...hook,
        async handler(...args) {
          if (done) return
          done = true
          await hook.handler.apply(this, args)
        },
      },
    }
  })

export const installableApp = (options: { outDir: string; brand: string }) =>
  oncePerBuild(
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'service-worker',
      filename: 'sw.ts',
      // app/service-worker.ts registers it after the load event, and asks before an update.
      injectRegister: false,
      registerType: 'prompt',
      manifest: {
        name: 'PickleMatch',
        short_name: 'PickleMatch',
        description: 'Find pickleball partners, set up PlayDates and level up your match.',
        id: '/',
        start_url: '/dashboard',
        scope: '/',
        display: 'standalone',
        theme_color: options.brand,
        background_color: '#ffffff',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      injectManifest: {
        globPatterns: ['assets/*.{js,css}', 'favicon.svg', 'icons/icon-192.png'],
        manifestTransforms: [
          (entries) => {
            const shell = appShellFiles(options.outDir)
            return {
              manifest: entries.filter((entry) => !entry.url.startsWith('assets/') || shell.has(entry.url)),
              warnings: [],
            }
          },
        ],
      },
      includeManifestIcons: false,
    }),
  )
