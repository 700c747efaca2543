import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import type { AppEnv } from '../app-env'
import { clientIp } from './client-ip'

function appTrusting(trustProxy: boolean) {
  const app = new Hono<AppEnv>()
  app.use(async (c, next) => {
    c.set('deps', { env: { TRUST_PROXY: trustProxy } } as AppEnv['Variables']['deps'])
    await next()
  })
  app.get('/', (c) => c.text(clientIp(c)))
  return app
}

const ipOf = async (app: Hono<AppEnv>, headers: Record<string, string>, remoteAddress = '10.0.0.5') =>
  (await app.request('/', { headers }, { incoming: { socket: { remoteAddress } } })).text()

describe('clientIp', () => {
  it('behind a trusted proxy, takes the hop the proxy added, not the ones the caller sent', async () => {
    const app = appTrusting(true)
    expect(await ipOf(app, { 'x-forwarded-for': '203.0.113.7' })).toBe('203.0.113.7')
    // A caller who sends its own header gets the proxy's hop appended after it.
    expect(await ipOf(app, { 'x-forwarded-for': '198.51.100.1, 203.0.113.7' })).toBe('203.0.113.7')
    expect(await ipOf(app, { 'x-forwarded-for': ' 198.51.100.1 ,203.0.113.7 ' })).toBe('203.0.113.7')
  })

  it('without a header behind the proxy, or without a trusted proxy, takes the socket’s address', async () => {
    expect(await ipOf(appTrusting(true), {})).toBe('10.0.0.5')
    expect(await ipOf(appTrusting(false), { 'x-forwarded-for': '203.0.113.7' })).toBe('10.0.0.5')
  })
})
