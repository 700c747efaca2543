import { describe, expect, it } from 'vitest'
import { RELIABILITY_IDS_MAX } from '../../../../domain/play-dates/results.rules'
import { createRecordLoader } from './reliability.queries'

const record = { played: 1, noShows: 0, lateCancels: 0, replaced: 0, savedGames: 0 }

// A loader whose batches run when the test says, recording each request's ids.
function loader(answer: (ids: string[]) => Promise<Array<typeof record & { playerId: string }>>) {
  const requests: string[][] = []
  let pending: (() => void) | undefined
  const load = createRecordLoader(
    (ids) => {
      requests.push(ids)
      return answer(ids)
    },
    (run) => {
      pending = run
    },
  )
  return { load, requests, flush: () => pending?.() }
}

describe('the record loader', () => {
  it('asks for the ids of one moment in one request, each id once', async () => {
    const l = loader(async (ids) => ids.map((playerId) => ({ playerId, ...record })))
    const asked = [l.load('a'), l.load('b'), l.load('a')]
    l.flush()
    expect(await Promise.all(asked)).toEqual([record, record, record])
    expect(l.requests).toEqual([['a', 'b']])
  })

  it(`splits a moment's ids into requests of ${RELIABILITY_IDS_MAX}`, async () => {
    const l = loader(async (ids) => ids.map((playerId) => ({ playerId, ...record })))
    const ids = Array.from({ length: RELIABILITY_IDS_MAX + 5 }, (_, i) => `p${i}`)
    const asked = ids.map((id) => l.load(id))
    l.flush()
    await Promise.all(asked)
    expect(l.requests.map((r) => r.length)).toEqual([RELIABILITY_IDS_MAX, 5])
  })

  it('fails each waiting record when the request fails or leaves one out', async () => {
    const failing = loader(() => Promise.reject(new Error('offline')))
    const lost = failing.load('a')
    failing.flush()
    await expect(lost).rejects.toThrow('offline')

    const partial = loader(async () => [{ playerId: 'a', ...record }])
    const [a, b] = [partial.load('a'), partial.load('b')]
    partial.flush()
    await expect(a).resolves.toEqual(record)
    await expect(b).rejects.toThrow('No record for b')
  })
})
