import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { api, ApiError, NETWORK_ERROR_PREFIX } from './api-client'

beforeEach(() => {
  vi.stubGlobal('window', { location: { origin: 'http://localhost:3000' } })
})

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe('the API client', () => {
  it('says a request that never reached the server failed, with the browser’s reason', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')))
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const failed = await api.get('/auth/session').catch((error: unknown) => error)
    expect(failed).toBeInstanceOf(ApiError)
    expect(failed).toMatchObject({
      status: 0,
      code: 'unavailable',
      message: `${NETWORK_ERROR_PREFIX}Failed to fetch`,
    })
    expect(NETWORK_ERROR_PREFIX).toBe('Network request failed: ')
  })

  it('keeps the server’s own wording, and words a bare server error', async () => {
    vi.stubGlobal('fetch', () =>
      Promise.resolve(
        new Response(JSON.stringify({ error: { code: 'conflict', message: 'Already in list' } }), {
          status: 409,
        }),
      ),
    )
    await expect(api.get('/auth/session')).rejects.toMatchObject({ status: 409, message: 'Already in list' })
    vi.stubGlobal('fetch', () => Promise.resolve(new Response('upstream timeout', { status: 502 })))
    await expect(api.get('/auth/session')).rejects.toMatchObject({
      status: 502,
      message: 'Something went wrong on our side. Please try again.',
    })
  })
})
