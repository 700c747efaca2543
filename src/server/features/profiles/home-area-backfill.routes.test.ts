import { asc, eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rowsOf } from '../../db/client'
import { jobs, profiles } from '../../db/schema'
import { enqueueStartJobs } from '../../jobs'
import { onceKey, runDueJobs } from '../../lib/jobs'
import { insertUser, signedInUser } from '../../testing/factories'
import { createTestApp, type TestApp, type TestClient, testDatabaseKind } from '../../testing/test-app'
import { HOME_AREA_BACKFILL_JOB, homeAreaJobs } from './home-area.jobs'

// The players who signed up before sign-up set a home area take the one it would have given them
// (docs/decisions/0181). The factories make players as sign-up did then: a ZIP code, no area.
let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const START_KEY = onceKey(HOME_AREA_BACKFILL_JOB)

// Runs every batch there is, as the job runner's turns would.
async function runBackfill(batchSize?: number) {
  let taken = 0
  for (let turn; (turn = await runDueJobs(t.db, homeAreaJobs(batchSize), t.clock.now())) > 0;) taken += turn
  return taken
}

// A start on a database that has not had the backfill: every test's players are its to fill.
async function startAfresh() {
  await t.db.delete(jobs).where(eq(jobs.kind, HOME_AREA_BACKFILL_JOB))
  await enqueueStartJobs(t.db, t.clock.now())
}

const homeArea = async (client: TestClient) => {
  const { homeState, homeRegion } = (await client.get('/api/profiles/me')).body
  return { homeState, homeRegion }
}

const areasOf = async (ids: string[]) =>
  t.db
    .select({ id: profiles.id, homeState: profiles.homeState, homeRegion: profiles.homeRegion })
    .from(profiles)
    .where(inArray(profiles.id, ids))
    .orderBy(asc(profiles.id))

describe('the home area backfill', () => {
  it('gives a player who signed up before it the area sign-up takes from their ZIP code', async () => {
    const tempe = await signedInUser(t, { zipCode: '85281' })
    const glendale = await signedInUser(t, { zipCode: '85308' })
    const miami = await signedInUser(t, { zipCode: '33130' })
    expect(await homeArea(tempe.client)).toEqual({ homeState: null, homeRegion: null })

    await startAfresh()
    await runBackfill()

    expect(await homeArea(tempe.client)).toEqual({ homeState: 'AZ', homeRegion: 'east_valley' })
    expect(await homeArea(glendale.client)).toEqual({ homeState: 'AZ', homeRegion: 'west_valley' })
    expect(await homeArea(miami.client)).toEqual({ homeState: 'FL', homeRegion: 'statewide' })
  })

  it('takes the area from the location a player gave as home, not from their ZIP code', async () => {
    const player = await signedInUser(t, { zipCode: '85281' })
    // "Use my location" in Tucson before sign-up set areas (rounded, with its place's name).
    await t.db
      .update(profiles)
      .set({ homeLatitude: 32.22, homeLongitude: -110.97, homePlace: 'Tucson, AZ' })
      .where(eq(profiles.id, player.profile.id))

    await startAfresh()
    await runBackfill()

    expect(await homeArea(player.client)).toEqual({ homeState: 'AZ', homeRegion: 'tucson' })
  })

  it('keeps an area the player set', async () => {
    const player = await signedInUser(t, { zipCode: '85281' })
    const saved = await player.client.put('/api/profiles/me/home', { homeState: 'AZ', homeRegion: 'tucson' })
    expect(saved.status).toBe(200)

    await startAfresh()
    await runBackfill()

    expect(await homeArea(player.client)).toEqual({ homeState: 'AZ', homeRegion: 'tucson' })
  })

  // Two sessions at once: the embedded database serves one.
  it.runIf(testDatabaseKind === 'postgres')('keeps an area the player saves while a batch runs', async () => {
    const player = await signedInUser(t, { zipCode: '85281' })
    await startAfresh()
    let saved!: () => void
    let commit!: () => void
    const isSaved = new Promise<void>((resolve) => (saved = resolve))
    const committed = new Promise<void>((resolve) => (commit = resolve))
    // Profile Settings' save, not yet committed when the batch reads the area unset.
    const saving = t.db.transaction(async (tx) => {
      await tx
        .update(profiles)
        .set({ homeState: 'AZ', homeRegion: 'tucson' })
        .where(eq(profiles.id, player.profile.id))
      saved()
      await committed
    })
    await isSaved
    const backfill = runBackfill()
    const waitingForLocks = async () =>
      rowsOf<{ n: number }>(
        await t.db.execute(
          sql`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`,
        ),
      )[0]!.n
    for (let tries = 0; (await waitingForLocks()) < 1; tries++) {
      if (tries > 500) throw new Error('the batch never waited for the saved row')
      await new Promise((resolve) => setTimeout(resolve, 10))
    }
    commit()
    await saving
    await backfill

    expect(await homeArea(player.client)).toEqual({ homeState: 'AZ', homeRegion: 'tucson' })
  })

  it('leaves the area unset for a ZIP code that is no home, or none', async () => {
    const poBox = await insertUser(t.db, { zipCode: '85001' })
    const unknown = await insertUser(t.db, { zipCode: '00000' })
    const noZip = await insertUser(t.db, { zipCode: null })

    await startAfresh()
    await runBackfill()

    const unset = { homeState: null, homeRegion: null }
    expect(await areasOf([poBox.id, unknown.id, noZip.id])).toEqual(
      [poBox, unknown, noZip].map(({ id }) => ({ id, ...unset })).sort((a, b) => (a.id < b.id ? -1 : 1)),
    )
  })

  it('leaves a player who signed up after the start as they are: sign-up gave them their area', async () => {
    await startAfresh()
    // A player who signs up after the start and clears the area sign-up gave them (the journeys'
    // players do), before the first turn of jobs.
    const cleared = await insertUser(t.db, { zipCode: '85281' })

    await runBackfill()

    expect(await areasOf([cleared.id])).toEqual([{ id: cleared.id, homeState: null, homeRegion: null }])
  })

  it('changes nothing when it runs again', async () => {
    const players = await Promise.all(
      ['85281', '33130', '85001'].map((zipCode) => insertUser(t.db, { zipCode })),
    )
    const ids = players.map((p) => p.id)
    await startAfresh()
    await runBackfill()
    const rows = async () =>
      t.db.select().from(profiles).where(inArray(profiles.id, ids)).orderBy(asc(profiles.id))
    const after = await rows()
    expect(after.filter((p) => p.homeState !== null)).toHaveLength(2)

    // Its record deleted by hand: the next start runs it again.
    await startAfresh()
    expect(await runBackfill()).toBeGreaterThan(0)

    expect(await rows()).toEqual(after)
  })

  it('works in batches, one job each, until every player has their area', async () => {
    const players = await Promise.all(Array.from({ length: 5 }, () => insertUser(t.db, { zipCode: '85004' })))
    await startAfresh()
    const jobsBefore = await t.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(eq(jobs.kind, HOME_AREA_BACKFILL_JOB))
    expect(jobsBefore).toHaveLength(1)

    // Every earlier test's players are in the table too: at least three batches of two.
    expect(await runBackfill(2)).toBeGreaterThanOrEqual(3)

    const areas = await areasOf(players.map((p) => p.id))
    expect(areas.map((a) => `${a.homeState}:${a.homeRegion}`)).toEqual(Array(5).fill('AZ:central_phoenix'))
    const batches = await t.db.select().from(jobs).where(eq(jobs.kind, HOME_AREA_BACKFILL_JOB))
    expect(batches.every((job) => job.doneAt !== null && job.lastError === null)).toBe(true)
  })

  it('is enqueued once, whatever the number of starts, and not again once it has run', async () => {
    await t.db.delete(jobs).where(eq(jobs.kind, HOME_AREA_BACKFILL_JOB))
    await enqueueStartJobs(t.db, t.clock.now())
    await enqueueStartJobs(t.db, t.clock.now())
    const started = await t.db.select().from(jobs).where(eq(jobs.key, START_KEY))
    expect(started).toHaveLength(1)

    await runBackfill()
    const player = await insertUser(t.db, { zipCode: '85281' })
    await enqueueStartJobs(t.db, t.clock.now())
    expect(await runBackfill()).toBe(0)

    const [done] = await t.db.select().from(jobs).where(eq(jobs.key, START_KEY))
    expect(done?.id).toBe(started[0]!.id)
    expect(done?.doneAt).not.toBeNull()
    expect(await areasOf([player.id])).toEqual([{ id: player.id, homeState: null, homeRegion: null }])
  })
})
