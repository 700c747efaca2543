// What a process read from a database that it alone owns, kept until the database says the data
// changed (docs/decisions/0119-embedded-session-cache.md). The embedded database is such a
// database: no other process writes to it, and its triggers notify this process at the commit of
// every change to the tables a cache reads. So a kept answer is always the one a query would give.
//
// A read that was under way when a change committed may have read the data before the change: it
// is kept only if nothing changed between the start of the read and the keeping (`generation`).
//
// `groupOf` puts each kept answer in a group (a player, for their sessions) whose answers can be
// forgotten together.
export class ExactCache<V> {
  readonly #entries = new Map<string, V>()
  // The keys kept in each group, when there are groups.
  readonly #groups = new Map<string, Set<string>>()
  #generation = 0

  constructor(
    readonly max: number,
    private readonly groupOf?: (value: V) => string,
  ) {}

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
    this.delete(key)
    this.#entries.set(key, value)
    if (this.groupOf) {
      const group = this.groupOf(value)
      const keys = this.#groups.get(group)
      if (keys) keys.add(key)
      else this.#groups.set(group, new Set([key]))
    }
    if (this.#entries.size > this.max) this.delete(this.#entries.keys().next().value!)
  }

  delete(key: string) {
    const value = this.#entries.get(key)
    if (value === undefined) return
    this.#entries.delete(key)
    if (this.groupOf) {
      const group = this.groupOf(value)
      const keys = this.#groups.get(group)
      keys?.delete(key)
      if (keys?.size === 0) this.#groups.delete(group)
    }
  }

  // The data of one key changed: its kept answer goes, and no read under way is kept (a read of
  // this key may have read before the change; which reads those are is not known).
  forget(key: string) {
    this.#generation++
    this.delete(key)
  }

  // The data of a group changed (a player's profile): its kept answers go, and no read under way
  // is kept.
  forgetGroup(group: string) {
    this.#generation++
    for (const key of [...(this.#groups.get(group) ?? [])]) this.delete(key)
  }

  // The data changed: nothing kept is used again, and no read under way is kept.
  clear() {
    this.#generation++
    this.#entries.clear()
    this.#groups.clear()
  }
}
