import { Hono } from 'hono'
import { streamSSE } from 'hono/streaming'
import { describe, expect, it } from 'vitest'
import { type EventSink, eventStream } from './event-stream'

// An event stream's response, read as a browser reads it.

const decoder = new TextDecoder()

// The app answers /events with a stream that `run` writes.
function appWith(
  run: (sink: EventSink) => Promise<void>,
  onError: (error: unknown) => void = () => undefined,
) {
  return new Hono().get('/events', (c) => eventStream(c, run, onError))
}

async function readAll(response: Response) {
  let text = ''
  const reader = response.body!.getReader()
  for (;;) {
    const { done, value } = await reader.read()
    if (done) return text
    text += decoder.decode(value, { stream: true })
  }
}

const messages = [
  { data: '{"type":"ready"}', id: 'a1-1', retry: 3000 },
  { data: 'two\nlines\r\nand\rthree', id: 'a1-2' },
  { data: '' },
]

describe('an event stream', () => {
  it('writes the same bytes and headers as Hono’s streamSSE, and asks a proxy not to hold it back', async () => {
    const ours = await appWith(async (sink) => {
      for (const message of messages) await sink.writeSSE(message)
      await sink.write(': heartbeat\n\n')
    }).request('/events')
    const hono = await new Hono()
      .get('/events', (c) =>
        streamSSE(c, async (stream) => {
          for (const message of messages) await stream.writeSSE(message)
          await stream.write(': heartbeat\n\n')
        }),
      )
      .request('/events')
    expect(ours.headers.get('x-accel-buffering')).toBe('no')
    expect([...ours.headers].filter(([name]) => name !== 'x-accel-buffering')).toEqual([...hono.headers])
    expect(await readAll(ours)).toBe(await readAll(hono))
  })

  it('holds a write back until the browser has read what waits', async () => {
    const written: number[] = []
    const response = await appWith(async (sink) => {
      for (let n = 1; n <= 3; n++) {
        await sink.write(`: ${n}\n\n`)
        written.push(n)
      }
    }).request('/events')
    const reader = response.body!.getReader()
    // The writer waits on nothing but the stream: whatever it could write without a reader, it
    // has written once the pending callbacks have run, one turn of the event loop.
    await new Promise((resolve) => setImmediate(resolve))
    // The first is queued; the writer waits for the reader.
    expect(written).toEqual([])
    expect(decoder.decode((await reader.read()).value)).toBe(': 1\n\n')
    await expect.poll(() => written).toEqual([1])
    expect(decoder.decode((await reader.read()).value)).toBe(': 2\n\n')
    expect(decoder.decode((await reader.read()).value)).toBe(': 3\n\n')
    expect((await reader.read()).done).toBe(true)
    expect(written).toEqual([1, 2, 3])
  })

  it('beats with one buffer every stream shares, and skips a beat while the reader is behind', async () => {
    const sinks: EventSink[] = []
    const release: Array<() => void> = []
    const open = async () => {
      const response = await appWith(async (sink) => {
        sinks.push(sink)
        await new Promise<void>((resolve) => release.push(resolve))
      }).request('/events')
      return response.body!.getReader()
    }
    const [first, second] = [await open(), await open()]
    await expect.poll(() => sinks.length).toBe(2)
    sinks[0]!.heartbeat()
    sinks[1]!.heartbeat()
    const [a, b] = [(await first.read()).value!, (await second.read()).value!]
    expect(decoder.decode(a)).toBe(': heartbeat\n\n')
    expect(b).toBe(a)
    // Nothing read since: the second beat waits for the reader, the third is skipped.
    sinks[0]!.heartbeat()
    sinks[0]!.heartbeat()
    for (const done of release) done()
    expect(decoder.decode((await first.read()).value)).toBe(': heartbeat\n\n')
    expect((await first.read()).done).toBe(true)
    await second.cancel()
  })

  it('tells the writer once the browser goes away, and lets it finish writing to nobody', async () => {
    let aborted = 0
    let finished = false
    const response = await appWith(async (sink) => {
      sink.onAbort(() => aborted++)
      await sink.write(': 1\n\n')
      await sink.write(': 2\n\n')
      await sink.write(': 3\n\n')
      finished = true
    }).request('/events')
    const reader = response.body!.getReader()
    await reader.cancel()
    expect(aborted).toBe(1)
    await expect.poll(() => finished).toBe(true)
  })

  it('hands what the writer throws to onError and ends the stream', async () => {
    const errors: unknown[] = []
    const response = await appWith(
      async (sink) => {
        await sink.write(': 1\n\n')
        throw new Error('lost the database')
      },
      (error) => errors.push(error),
    ).request('/events')
    expect(await readAll(response)).toBe(': 1\n\n')
    expect(errors).toEqual([new Error('lost the database')])
  })
})
