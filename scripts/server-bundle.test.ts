import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { SERVER_BUNDLE_ARGS, SERVER_BUNDLE_ENV } from './server-bundle'

const packageJson = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  scripts: Record<string, string>
  config: Record<string, string>
}

describe('the server as the tools start it', () => {
  it('is started by npm start and npm run serve with the flags and environment of package.json’s config', () => {
    // npm gives a script each key of `config` as $npm_package_config_<key>.
    const serve =
      'MALLOC_MMAP_THRESHOLD_=$npm_package_config_serverMallocMmapThreshold exec node $npm_package_config_serverNodeFlags dist/server/main.js'
    expect(packageJson.scripts.serve).toBe(serve)
    expect(packageJson.scripts.start).toBe(`npm run build && ${serve}`)
  })

  it('is started by the tools with the same flags and environment', () => {
    expect(SERVER_BUNDLE_ARGS.join(' ')).toBe(`${packageJson.config.serverNodeFlags} dist/server/main.js`)
    expect(SERVER_BUNDLE_ENV).toEqual({
      MALLOC_MMAP_THRESHOLD_: packageJson.config.serverMallocMmapThreshold,
    })
    expect(SERVER_BUNDLE_ARGS).toContain('--heap-growing-percent=50')
    expect(SERVER_BUNDLE_ARGS).toContain('--no-memory-reducer')
  })
})
