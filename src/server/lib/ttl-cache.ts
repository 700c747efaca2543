// Values one server instance may keep for a while because a stale one costs time, never a wrong
// answer (what steers a query plan, for instance). The composition root makes one per instance
// (deps.ts) with its clock; tests make their own. Concurrent reads of a missing or expired value
// share one load; a failed load is not kept.
export interface TtlCache {
  get<T>(key: string, ttlMs: number, load: () => Promise<T>): Promise<T>
}

export function createTtlCache(now: () => Date): TtlCache {
  const kept = new Map<string, { at: number; value: unknown }>()
  const loading = new Map<string, Promise<unknown>>()
  return {
    async get<T>(key: string, ttlMs: number, load: () => Promise<T>) {
      const at = now().getTime()
      const entry = kept.get(key)
      // A clock moved back (a test's) counts as expired.
      if (entry && at >= entry.at && at - entry.at < ttlMs) return entry.value as T
      let pending = loading.get(key) as Promise<T> | undefined
      if (!pending) {
        pending = load().then((value) => {
          kept.set(key, { at, value })
          return value
        })
        const shared = pending.finally(() => loading.delete(key))
        loading.set(key, shared)
        pending = shared
      }
      return pending
    },
  }
}
