import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Plugin } from 'vite'
import { afterEach, describe, expect, it } from 'vitest'
import { appShellFiles, oncePerBuild } from './installable-app'

describe('appShellFiles', () => {
  let dir = ''
  afterEach(() => rmSync(dir, { recursive: true, force: true }))

  it("keeps the HTML's files, the signed-in shell's, what is needed offline and the shell pages'", () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'app-shell-'))
    writeFileSync(
      path.join(dir, 'index.html'),
      '<script type="module" src="/assets/index.js"></script><link rel="stylesheet" href="/assets/index.css">',
    )
    writeFileSync(
      path.join(dir, 'page-preloads.json'),
      JSON.stringify([
        { path: '/dashboard', files: ['/assets/dashboard.js'] },
        { path: '/admin', files: ['/assets/admin.js'] },
      ]),
    )
    writeFileSync(path.join(dir, 'signed-in-preloads.json'), JSON.stringify(['/assets/shell.js']))
    writeFileSync(path.join(dir, 'offline-files.json'), JSON.stringify(['/assets/toast.js']))
    expect([...appShellFiles(dir)].sort()).toEqual([
      'assets/dashboard.js',
      'assets/index.css',
      'assets/index.js',
      'assets/shell.js',
      'assets/toast.js',
    ])
  })
})

describe('oncePerBuild', () => {
  it("runs a plugin's closeBundle once per build, however often the bundler calls it", async () => {
    let runs = 0
    const [plugin] = oncePerBuild([
      { name: 'pwa', closeBundle: { sequential: true, handler: () => void (runs += 1) } },
    ]) as [Plugin]
    const close = plugin.closeBundle as { handler: () => Promise<void> }
    const start = plugin.buildStart as () => void
    start()
    await close.handler()
    await close.handler()
    expect(runs).toBe(1)
    start()
    await close.handler()
    expect(runs).toBe(2)
  })
})
