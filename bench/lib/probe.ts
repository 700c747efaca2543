import { type CapturedSteps, captureSql } from './capture'
import type { Player, ReadEndpoint, Sample } from './endpoints'
import type { InProcessApp } from './in-process'
import type { Samples } from './samples'

export interface SignedIn {
  players: Array<Sample & { cookie: string }>
  admins: Array<Player & { cookie: string }>
}

export async function signInAll(app: InProcessApp, samples: Samples): Promise<SignedIn> {
  const players = []
  for (const sample of samples.players)
    players.push({ ...sample, cookie: await app.signIn(sample.user.email) })
  const admins = []
  for (const admin of samples.admins) admins.push({ ...admin, cookie: await app.signIn(admin.email) })
  return { players, admins }
}

export interface Call {
  path: string
  cookie: string
  steps: CapturedSteps
}

export interface ReadPlan {
  endpoint: ReadEndpoint
  calls: Call[]
}

// Each endpoint once per benchmark player (admins take turns with the players' samples): the
// answer must be 200, and the SQL it ran is kept for the direct comparison and EXPLAIN.
export async function probeReads(
  app: InProcessApp,
  signedIn: SignedIn,
  endpoints: ReadEndpoint[],
): Promise<ReadPlan[]> {
  const plans: ReadPlan[] = []
  for (const endpoint of endpoints) {
    const calls: Call[] = []
    for (const [index, sample] of signedIn.players.entries()) {
      const cookie = endpoint.admin ? signedIn.admins[index % signedIn.admins.length]!.cookie : sample.cookie
      const path = endpoint.path(sample)
      const { result, steps } = await captureSql(() => app.request(path, { cookie }))
      if (result.status !== 200) {
        throw new Error(`${endpoint.name}: GET ${path} answered ${result.status}: ${await result.text()}`)
      }
      await result.arrayBuffer()
      calls.push({ path, cookie, steps })
    }
    plans.push({ endpoint, calls })
  }
  return plans
}
