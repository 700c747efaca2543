import { Hono } from 'hono'
import { describe, expect, it, vi } from 'vitest'
import type { AppEnv } from '../app-env'
import { handleError } from '../middleware/handle-errors'
import { DatabaseOutages, outageKind } from './db-outage'
import type { Logger } from './logger'

const fakeLogger = () => {
  const lines: Array<{ level: string; message: string }> = []
  const at =
    (level: string) =>
    (_fields: unknown, message: string): void =>
      void lines.push({ level, message })
  const logger = { error: at('error'), warn: at('warn'), info: at('info') } as unknown as Logger
  return { logger, lines }
}

const refused = () =>
  Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })

describe('a database outage', () => {
  it('is told from other database errors, also when the ORM wraps it', () => {
    expect(outageKind(refused())).toBe('connection')
    expect(outageKind(new Error('Failed query: select 1', { cause: refused() }))).toBe('connection')
    expect(outageKind(new Error('Query read timeout'))).toBe('connection')
    expect(outageKind(new Error('timeout exceeded when trying to connect'))).toBe('connection')
    expect(outageKind(Object.assign(new Error('terminating connection'), { code: '57P01' }))).toBe(
      'connection',
    )
    expect(outageKind(Object.assign(new Error('canceling statement'), { code: '57014' }))).toBe('connection')
    expect(outageKind(Object.assign(new Error('could not extend file'), { code: '53100' }))).toBe('storage')
    expect(outageKind(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBeUndefined()
    expect(outageKind(new Error('something else'))).toBeUndefined()
  })

  it('answers 503 with Retry-After, and is logged once until the database answers again', async () => {
    vi.useFakeTimers()
    try {
      const { logger, lines } = fakeLogger()
      let up = false
      const outages = new DatabaseOutages(logger, async () => {
        if (!up) throw refused()
      })
      const app = new Hono<AppEnv>()
      app.use((c, next) => {
        c.set('deps', { status: { stopping: false, outages } } as unknown as AppEnv['Variables']['deps'])
        return next()
      })
      app.get('/x', () => {
        throw new Error('Failed query', { cause: refused() })
      })
      app.onError(handleError)

      for (let i = 0; i < 5; i++) {
        const res = await app.request('/x')
        expect(res.status).toBe(503)
        expect(res.headers.get('retry-after')).toBe('10')
        expect(await res.json()).toEqual({
          error: {
            code: 'unavailable',
            message: 'The database is not answering right now. Please try again in a moment.',
          },
        })
      }
      await vi.advanceTimersByTimeAsync(5_000)
      expect(lines).toEqual([
        { level: 'error', message: 'database unavailable; answering 503 until it is back' },
      ])
      expect(outages.current?.kind).toBe('connection')

      up = true
      await vi.advanceTimersByTimeAsync(2_000)
      expect(outages.current).toBeUndefined()
      expect(lines.map((line) => line.message)).toEqual([
        'database unavailable; answering 503 until it is back',
        'database back',
      ])
      outages.stop()
    } finally {
      vi.useRealTimers()
    }
  })
})
