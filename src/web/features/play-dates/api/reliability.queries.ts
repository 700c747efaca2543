import { useQueries } from '@tanstack/react-query'
import type { PlayerReliability, ReliabilitySummary } from '../../../../domain/play-dates/results'
import { RELIABILITY_IDS_MAX } from '../../../../domain/play-dates/results.rules'
import { api } from '../../../lib/api-client'

// Players' records for the cards of a list (docs/decisions/0089-results-and-reliability.md). Each
// player's record is its own query, so a player on several cards, or on the next page, is asked
// for once; the records the cards ask for in the same moment go in one request of up to
// RELIABILITY_IDS_MAX players, after the list's rows have arrived.

export const reliabilityKeys = {
  all: ['reliability'] as const,
  player: (id: string) => [...reliabilityKeys.all, id] as const,
}

// A record changes only when a game is settled or cancelled late: a few minutes old is fine.
const RECORD_STALE_MS = 5 * 60_000

type Waiter = { resolve: (record: ReliabilitySummary) => void; reject: (error: unknown) => void }

// Collects the ids asked for until the current task ends, then fetches them in chunks.
export function createRecordLoader(
  fetchRecords: (ids: string[]) => Promise<PlayerReliability[]>,
  defer: (run: () => void) => void = (run) => setTimeout(run, 0),
) {
  let waiting = new Map<string, Waiter[]>()
  const flush = () => {
    const batch = waiting
    waiting = new Map()
    const ids = [...batch.keys()]
    for (let start = 0; start < ids.length; start += RELIABILITY_IDS_MAX) {
      const chunk = ids.slice(start, start + RELIABILITY_IDS_MAX)
      fetchRecords(chunk).then(
        (items) => {
          const byId = new Map(items.map(({ playerId, ...record }) => [playerId, record]))
          for (const id of chunk) {
            const record = byId.get(id)
            for (const waiter of batch.get(id) ?? []) {
              if (record) waiter.resolve(record)
              else waiter.reject(new Error(`No record for ${id}`))
            }
          }
        },
        (error: unknown) => {
          for (const id of chunk) for (const waiter of batch.get(id) ?? []) waiter.reject(error)
        },
      )
    }
  }
  return (id: string) =>
    new Promise<ReliabilitySummary>((resolve, reject) => {
      if (waiting.size === 0) defer(flush)
      waiting.set(id, [...(waiting.get(id) ?? []), { resolve, reject }])
    })
}

const loadRecord = createRecordLoader(
  async (ids) => (await api.get('/profiles/reliability', { query: { ids: ids.join(',') } })).items,
)

// The records of these players, in the same order, once all have arrived.
export function usePlayerRecords(ids: ReadonlyArray<string>) {
  return useQueries({
    queries: ids.map((id) => ({
      queryKey: reliabilityKeys.player(id),
      queryFn: () => loadRecord(id),
      staleTime: RECORD_STALE_MS,
    })),
    combine: (results) => ({
      records: results.every((r) => r.data) ? results.map((r) => r.data as ReliabilitySummary) : null,
      isError: results.some((r) => r.isError),
    }),
  })
}
