import pg from 'pg'

// The SQL one API call runs, in order. Statements issued while no other statement of the call
// had finished run concurrently in the app (Promise.all), so they share a step.
export interface CapturedStatement {
  text: string
  values: unknown[]
  // The prepared statement name the app's client gave it, if any: the replay uses it too.
  name?: string
}
export type CapturedSteps = CapturedStatement[][]

let sink: Array<CapturedStatement & { seen: number }> | undefined
let finished = 0

// Notes a statement about to run; the returned function is called when it has finished.
function record(text: unknown, values: unknown, name?: unknown): (() => void) | undefined {
  if (!sink || typeof text !== 'string') return undefined
  sink.push({
    text,
    values: Array.isArray(values) ? [...values] : [],
    ...(typeof name === 'string' ? { name } : {}),
    seen: finished,
  })
  return () => {
    finished++
  }
}

function afterward<T>(result: T, done: (() => void) | undefined): T {
  if (!done) return result
  const promise = result as Promise<unknown> | undefined
  return (promise && typeof promise.then === 'function' ? promise.finally(done) : result) as T
}

type Query = (...args: unknown[]) => unknown
let pgInstalled = false

// pg: the pool and transactions both end up in Client#query.
function installPgRecorder() {
  if (pgInstalled) return
  pgInstalled = true
  const prototype = pg.Client.prototype as unknown as { query: Query }
  const original = prototype.query
  prototype.query = function (this: unknown, ...args: unknown[]) {
    const [config, second] = args
    const text = typeof config === 'string' ? config : (config as { text?: unknown } | undefined)?.text
    const values =
      typeof config === 'object' && Array.isArray((config as { values?: unknown }).values)
        ? (config as { values: unknown[] }).values
        : second
    const name = typeof config === 'object' ? (config as { name?: unknown } | undefined)?.name : undefined
    const done = record(text, values, name)
    const callbackAt = args.findIndex((arg) => typeof arg === 'function')
    if (done && callbackAt >= 0) {
      const callback = args[callbackAt] as (...result: unknown[]) => void
      args[callbackAt] = (...result: unknown[]) => {
        done()
        callback(...result)
      }
      return original.apply(this, args)
    }
    return afterward(original.apply(this, args), done)
  }
}

export async function captureSql<T>(run: () => Promise<T>): Promise<{ result: T; steps: CapturedSteps }> {
  installPgRecorder()
  const recorded: Array<CapturedStatement & { seen: number }> = []
  sink = recorded
  try {
    const result = await run()
    const steps: CapturedSteps = []
    let last: number | undefined
    for (const { seen, ...statement } of recorded) {
      if (seen !== last || steps.length === 0) steps.push([])
      steps.at(-1)!.push(statement)
      last = seen
    }
    return { result, steps }
  } finally {
    sink = undefined
  }
}
