import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import pino from 'pino'
import { describe, expect, it } from 'vitest'
import { createLogger, logRequest } from './logger'

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

describe('the app logger', () => {
  const request = (n: number) => ({
    requestId: `r${n}`,
    method: 'GET',
    path: `/api/x/${n}`,
    status: 200,
    ms: 1,
  })
  const open = () => {
    const writes: string[] = []
    const logger = createLogger(
      { NODE_ENV: 'production', LOG_LEVEL: 'info' },
      { write: (chunk) => writes.push(chunk) },
    )
    const lines = () =>
      writes
        .join('')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line))
    return { logger, writes, lines }
  }

  it('writes each line as it is logged, in order', () => {
    const { logger, writes, lines } = open()
    for (let n = 0; n < 3; n++) logRequest(logger, request(n))
    expect(writes).toHaveLength(3)
    logger.child({ requestId: 'r3' }).warn({ code: 'forbidden' }, 'request refused')
    logRequest(logger, request(4))
    expect(writes).toHaveLength(5)
    expect(lines().map((line) => [line.requestId, line.msg])).toEqual([
      ['r0', 'request'],
      ['r1', 'request'],
      ['r2', 'request'],
      ['r3', 'request refused'],
      ['r4', 'request'],
    ])
  })
})

// A server process that logs and then crashes, as main.ts sets it up: its standard output is a
// pipe, as under a supervisor or a container runtime.
function crashAfterLogging(how: 'throw' | 'reject') {
  const logger = fileURLToPath(new URL('./logger.ts', import.meta.url))
  const crash = how === 'throw' ? "throw new Error('boom')" : "void Promise.reject(new Error('boom'))"
  const code = `
    const { createLogger, exitOnCrash, logRequest } = await import(${JSON.stringify(logger)})
    const logger = createLogger({ NODE_ENV: 'production', LOG_LEVEL: 'info' })
    exitOnCrash(logger)
    logger.info('started')
    setTimeout(() => {
      logRequest(logger, { requestId: 'r1', method: 'GET', path: '/api/ping', status: 200, ms: 1 })
      logger.info('the last line before the crash')
      logRequest(logger, { requestId: 'r2', method: 'GET', path: '/api/home', status: 200, ms: 2 })
      ${crash}
    }, 20)`
  return new Promise<{ code: number | null; lines: Array<Record<string, unknown>> }>((resolve) => {
    const child = execFile(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', code],
      { encoding: 'utf8' },
      (_error, stdout) =>
        resolve({
          code: child.exitCode,
          lines: stdout
            .split('\n')
            .filter(Boolean)
            .map((line) => JSON.parse(line) as Record<string, unknown>),
        }),
    )
  })
}

describe('a crash', () => {
  it.each([
    ['an uncaught exception', 'throw', 'uncaught exception'],
    ['an unhandled rejection', 'reject', 'unhandled rejection'],
  ] as const)('loses no line logged just before %s, and logs why', async (_name, how, why) => {
    const { code, lines } = await crashAfterLogging(how)
    expect(code).toBe(1)
    expect(lines.map((line) => line.requestId ?? line.msg)).toEqual([
      'started',
      'r1',
      'the last line before the crash',
      'r2',
      why,
    ])
    expect(lines.at(-1)).toMatchObject({ level: 60, err: { message: 'boom' } })
  })
})
