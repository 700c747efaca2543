import { describe, expect, it } from 'vitest'
import { EnvError, parseEnv } from './env'

describe('configuration', () => {
  it('has working defaults for a fresh machine', () => {
    const env = parseEnv({})
    expect(env.PORT).toBe(3000)
    expect(env.DATA_DIR).toBe('./data')
    expect(env.DATABASE_URL).toBeUndefined()
    expect(env.PRODUCT_NAME).toBe('PickleMatch')
    expect(env.SEED_DEMO).toBe(true)
    expect(env.REQUIRE_SIGNUP_CODE).toBe(false)
  })

  it('reads flags, numbers and URLs', () => {
    const env = parseEnv({
      PORT: '8080',
      SEED_DEMO: 'false',
      REQUIRE_SIGNUP_CODE: 'true',
      DATABASE_URL: 'postgres://u@localhost:5432/db',
      ADMIN_EMAIL: ' Boss@Example.com ',
    })
    expect(env.PORT).toBe(8080)
    expect(env.SEED_DEMO).toBe(false)
    expect(env.REQUIRE_SIGNUP_CODE).toBe(true)
    expect(env.ADMIN_EMAIL).toBe('boss@example.com')
  })

  it('treats an empty value as unset', () => {
    expect(parseEnv({ DATABASE_URL: '' }).DATABASE_URL).toBeUndefined()
  })

  it('stops with a message naming each invalid setting', () => {
    expect(() => parseEnv({ PORT: 'eighty', DATABASE_URL: 'mysql://x' })).toThrow(EnvError)
    try {
      parseEnv({ PORT: 'eighty', DATABASE_URL: 'mysql://x', SEED_DEMO: 'maybe' })
    } catch (error) {
      const message = (error as Error).message
      expect(message).toContain('PORT')
      expect(message).toContain('DATABASE_URL')
      expect(message).toContain('SEED_DEMO')
    }
  })

  it('links to localhost on the configured port in development, never to a request’s Host', () => {
    expect(parseEnv({ PORT: '4123' }).PUBLIC_URL).toBe('http://localhost:4123')
    expect(parseEnv({}).PUBLIC_URL).toBe('http://localhost:3000')
    expect(parseEnv({ PUBLIC_URL: 'https://play.example.com' }).PUBLIC_URL).toBe('https://play.example.com')
  })
})
