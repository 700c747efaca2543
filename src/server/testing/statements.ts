import pg from 'pg'
import { vi } from 'vitest'

// The statements `run` sends to the database, counted at the driver: each is a round trip, and on
// the embedded database each holds its one session (bench/notes.md). Both databases are reached
// through `pg`'s client, so this counts on both.
export interface StatementsSent<T> {
  result: T
  // Every statement's text, in the order sent.
  all: string[]
  // The names of the prepared statements among them (on the embedded database each connection
  // suffixes its own: `home_next_games_1f`).
  names: string[]
  // Those before the first `begin` (all of them when no transaction began).
  before: string[]
  // Those between the first `begin` and the `commit` after it (none when no transaction began).
  inside: string[]
}

export async function statementsSent<T>(run: () => Promise<T>): Promise<StatementsSent<T>> {
  const query = vi.spyOn(pg.Client.prototype, 'query')
  let result: T
  let calls: unknown[][]
  try {
    result = await run()
    calls = [...query.mock.calls]
  } finally {
    query.mockRestore()
  }
  const configs = calls.map(([config]) =>
    typeof config === 'string' ? { text: config } : ((config ?? {}) as { text?: string; name?: string }),
  )
  const all = configs.map((config) => String(config.text ?? ''))
  const begin = all.findIndex((text) => /^begin/i.test(text))
  const commit = begin < 0 ? -1 : all.findIndex((text, index) => index > begin && /^commit/i.test(text))
  return {
    result,
    all,
    names: configs.flatMap((config) => (config.name ? [config.name] : [])),
    before: begin < 0 ? all : all.slice(0, begin),
    inside: begin < 0 ? [] : all.slice(begin + 1, commit < 0 ? undefined : commit),
  }
}
