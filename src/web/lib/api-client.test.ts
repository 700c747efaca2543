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

  it('fills in the path parameters, leaves empty query values out and sends {} for a bare write', async () => {
    const fetch = vi.fn((_url: URL, _init: RequestInit) =>
      Promise.resolve(new Response(null, { status: 204 })),
    )
    vi.stubGlobal('fetch', fetch)
    await api.get('/play-dates/{id}/messages', {
      params: { id: 'a/b c' },
      query: { after: undefined, before: '' },
    })
    await api.get('/play-dates', { query: { tab: 'available', region: null, minRating: 3.5 } })
    const answer = await api.post('/play-dates/{id}/cancel', { params: { id: 'p1' } })
    await api.delete('/players/{id}', { params: { id: 'x' } })
    const [list, filtered, cancel, remove] = fetch.mock.calls
    expect(String(list?.[0])).toBe('http://localhost:3000/api/play-dates/a%2Fb%20c/messages')
    expect(String(filtered?.[0])).toBe('http://localhost:3000/api/play-dates?tab=available&minRating=3.5')
    expect(cancel?.[1]).toMatchObject({ method: 'POST', body: '{}' })
    expect(answer).toBeUndefined()
    expect(remove?.[1]).toMatchObject({ method: 'DELETE', body: undefined })
  })
})
