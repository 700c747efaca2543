import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { SERVER_BUNDLE_ARGS, SERVER_BUNDLE_ENV } from './server-bundle'

const scripts = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
    scripts: Record<string, string>
  }
).scripts

describe('the server as the tools start it', () => {
  it('is started by npm start and npm run serve with the same environment and arguments', () => {
    const environment = Object.entries(SERVER_BUNDLE_ENV)
      .map(([name, value]) => `${name}=${value}`)
      .join(' ')
    const command = `${environment} exec node ${SERVER_BUNDLE_ARGS.join(' ')}`
    expect(scripts.start).toBe(`npm run build && ${command}`)
    expect(scripts.serve).toBe(command)
  })
})
