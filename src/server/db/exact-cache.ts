// What a process read from a database that it alone owns, kept until the database says the data
// changed (docs/decisions/0119-embedded-session-cache.md). The embedded database is such a
// database: no other process writes to it, and its triggers notify this process at the commit of
// every change to the tables a cache reads. So a kept answer is always the one a query would give.
//
// A read that was under way when a change committed may have read the data before the change: it
// is kept only if nothing changed between the start of the read and the keeping (`generation`).
export class ExactCache<V> {
  readonly #entries = new Map<string, V>()
  #generation = 0

  constructor(readonly max: number) {}

  // Changes each time the cache is cleared: take it before the read whose answer is to be kept.
  get generation() {
    return this.#generation
  }

  get size() {
    return this.#entries.size
  }

  get(key: string): V | undefined {
    const value = this.#entries.get(key)
    if (value !== undefined) {
      // Most recently used last: the first entry is the one to drop when full.
      this.#entries.delete(key)
      this.#entries.set(key, value)
    }
    return value
  }

  // Keeps `value`, read when the cache was at `generation`, unless it was cleared since.
  set(key: string, value: V, generation: number) {
    if (generation !== this.#generation) return
    this.#entries.delete(key)
    this.#entries.set(key, value)
    if (this.#entries.size > this.max) this.#entries.delete(this.#entries.keys().next().value!)
  }

  delete(key: string) {
    this.#entries.delete(key)
  }

  // The data of one key changed: its kept answer goes, and no read under way is kept (a read of
  // this key may have read before the change; which reads those are is not known).
  forget(key: string) {
    this.#generation++
    this.#entries.delete(key)
  }

  // The data changed: nothing kept is used again, and no read under way is kept.
  clear() {
    this.#generation++
    this.#entries.clear()
  }
}
