import pino from 'pino'
import { describe, expect, it } from 'vitest'
import { logRequest } from './logger'

const capture = (level: string) => {
  const lines: string[] = []
  const logger = pino({ level, base: undefined }, { write: (line: string) => lines.push(line) })
  return { logger, lines }
}

describe('the request log', () => {
  it('writes one JSON line in the logger’s own shape', () => {
    const { logger, lines } = capture('info')
    const before = Date.now()
    logRequest(logger, { requestId: 'abc-1', method: 'GET', path: '/api/ping', status: 200, ms: 3 })
    expect(lines).toHaveLength(1)
    expect(lines[0]!.endsWith('\n')).toBe(true)
    const line = JSON.parse(lines[0]!)
    expect(line).toEqual({
      level: 30,
      time: expect.any(Number),
      requestId: 'abc-1',
      method: 'GET',
      path: '/api/ping',
      status: 200,
      ms: 3,
      msg: 'request',
    })
    expect(line.time).toBeGreaterThanOrEqual(before)
    // The same line as the logger itself would write.
    logger.info({ requestId: 'abc-1', method: 'GET', path: '/api/ping', status: 200, ms: 3 }, 'request')
    expect(Object.keys(JSON.parse(lines[1]!))).toEqual(Object.keys(line))
  })

  it('escapes what a client put in the path, so a line stays one valid line', () => {
    const { logger, lines } = capture('info')
    const path = '/api/x"}\n{"level":60,"msg":"forged"}\\é'
    logRequest(logger, { requestId: 'r', method: 'GET', path, status: 404, ms: 0 })
    expect(lines).toHaveLength(1)
    expect(lines[0]!.split('\n')).toHaveLength(2)
    expect(JSON.parse(lines[0]!)).toMatchObject({ path, level: 30, msg: 'request' })
  })

  it('is left out below the info level', () => {
    const { logger, lines } = capture('warn')
    logRequest(logger, { requestId: 'r', method: 'GET', path: '/api/ping', status: 200, ms: 0 })
    expect(lines).toHaveLength(0)
  })
})
