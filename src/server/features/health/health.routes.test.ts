import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createClient, createTestApp, type TestApp, testDatabaseKind } from '../../testing/test-app'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

describe('health and API documents', () => {
  it('reports ok and which database answers', async () => {
    const res = await createClient(t.app).get('/api/health')
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ status: 'ok', database: testDatabaseKind })
  })

  it('answers 503 from the stop on, so a load balancer stops sending first', async () => {
    t.deps.status.stopping = true
    try {
      const res = await createClient(t.app).get('/api/health')
      expect(res.status).toBe(503)
      expect(res.body).toEqual({ status: 'unavailable', reason: 'stopping' })
    } finally {
      t.deps.status.stopping = false
    }
  })

  it('answers a ping without touching the database', async () => {
    const res = await createClient(t.app).get('/api/ping')
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ status: 'ok' })
  })

  it('publishes an OpenAPI 3.1 document that lists the health route', async () => {
    const res = await createClient(t.app).get('/api/openapi.json')
    expect(res.status).toBe(200)
    expect(res.body.openapi).toBe('3.1.0')
    expect(res.body.paths['/api/health'].get['x-access']).toBe('public')
    expect(res.body.paths['/api/ping'].get['x-access']).toBe('public')
  })

  it('renders the API reference page without inline scripts', async () => {
    const res = await createClient(t.app).get('/api/docs')
    expect(res.status).toBe(200)
    expect(res.text).toContain('/api/docs/init.js')
    expect(res.text).not.toMatch(/<script>[^<]/)
  })

  it('answers an unknown API path with the error shape', async () => {
    const res = await createClient(t.app).get('/api/no-such-thing')
    expect(res.status).toBe(404)
    expect(res.body).toEqual({ error: { code: 'not_found', message: 'Not found' } })
  })

  it('answers malformed JSON with a 400 in the error shape, not a 500', async () => {
    // A route that reads a JSON body, open to anyone: the body is refused before any rule runs.
    const res = await createClient(t.app).post('/api/auth/sign-in', '{"email": "a@b.c", ')
    expect(res.status).toBe(400)
    expect(res.body).toEqual({ error: { code: 'invalid', message: 'The request body is not valid JSON' } })
  })

  it('refuses a state-changing request from another origin', async () => {
    const res = await createClient(t.app, 'https://evil.example').post('/api/health', {})
    expect(res.status).toBe(403)
    expect(res.body.error.code).toBe('forbidden')
  })

  it('sends security headers', async () => {
    const res = await createClient(t.app).get('/api/health')
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
  })
})
