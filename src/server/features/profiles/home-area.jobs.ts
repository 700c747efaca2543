import { and, asc, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm'
import { firstHomeArea } from '../../../domain/profiles/home-area.rules'
import type { DbOrTx, Tx } from '../../db/client'
import { profiles } from '../../db/schema'
import { homePlaceOf } from '../../lib/geodata'
import { enqueueJob, type JobHandlers, type JobRow, onceKey } from '../../lib/jobs'

// The home areas of the players who signed up before sign-up set one (docs/decisions/0181):
// Profile Settings said "Home: Tempe, AZ" above "Home state: Not set". Each such player takes the
// area sign-up would have given their home (firstHomeArea), once per database:
// - Every start enqueues the first batch under one once key, so whatever the number of starts and
//   instances it runs once, and its row stays the record that it ran (lib/jobs.ts). Were it run
//   again (the row deleted by hand), it would touch only areas still unset, and give them what a
//   move home would: the one thing it would undo is an area a player cleared since.
// - Only profiles made before that first batch was enqueued, on the database's clock: those made
//   since took their area at sign-up, and one a player cleared (the journeys' players) stays so.
// - A batch is one job, so one transaction, of at most HOME_AREA_BATCH profiles in the order of
//   their ids; a full batch enqueues the next one after its last id, in the same transaction.
// - A write only where the area is still unset and the home is the one read: a player who saves
//   Profile Settings or moves home meanwhile keeps what they saved.

export const HOME_AREA_BACKFILL_JOB = 'home-area-backfill'
export const HOME_AREA_BATCH = 500

interface BatchPayload {
  // The profiles made before this instant (ISO); the first batch's job was enqueued then.
  madeBefore?: string
  // The batch starts after this profile id.
  after?: string
}

export const enqueueHomeAreaBackfill = (db: DbOrTx, now: Date) =>
  enqueueJob(db, { kind: HOME_AREA_BACKFILL_JOB, key: onceKey(HOME_AREA_BACKFILL_JOB), runAt: now })

export async function backfillHomeAreas(tx: Tx, job: JobRow, now: Date, batchSize = HOME_AREA_BATCH) {
  const payload = job.payload as BatchPayload
  const madeBefore = payload.madeBefore ? new Date(payload.madeBefore) : job.createdAt
  const rows = await tx
    .select({
      id: profiles.id,
      zipCode: profiles.zipCode,
      homeLatitude: profiles.homeLatitude,
      homeLongitude: profiles.homeLongitude,
    })
    .from(profiles)
    .where(
      and(
        isNull(profiles.homeState),
        or(isNotNull(profiles.zipCode), isNotNull(profiles.homeLatitude)),
        lt(profiles.createdAt, madeBefore),
        payload.after ? gt(profiles.id, payload.after) : undefined,
      ),
    )
    .orderBy(asc(profiles.id))
    .limit(batchSize)

  const found = rows.flatMap((row) => {
    const area = firstHomeArea(homePlaceOf(row))
    return area.homeState ? [{ ...row, ...area }] : []
  })
  if (found.length > 0) {
    const values = found.map(
      (f) =>
        sql`(${f.id}::uuid, ${f.zipCode}::text, ${f.homeLatitude}::float8, ${f.homeLongitude}::float8, ${f.homeState}::text, ${f.homeRegion}::text)`,
    )
    await tx
      .update(profiles)
      .set({ homeState: sql`v.home_state`, homeRegion: sql`v.home_region`, updatedAt: now })
      .from(
        sql`(values ${sql.join(values, sql`, `)}) as v (id, zip_code, home_latitude, home_longitude, home_state, home_region)`,
      )
      .where(
        and(
          sql`${profiles.id} = v.id`,
          isNull(profiles.homeState),
          sql`${profiles.zipCode} is not distinct from v.zip_code`,
          sql`${profiles.homeLatitude} is not distinct from v.home_latitude`,
          sql`${profiles.homeLongitude} is not distinct from v.home_longitude`,
        ),
      )
  }

  const last = rows.at(-1)
  if (rows.length === batchSize && last) {
    await enqueueJob(tx, {
      kind: HOME_AREA_BACKFILL_JOB,
      key: `${HOME_AREA_BACKFILL_JOB}:${madeBefore.toISOString()}:${last.id}`,
      runAt: now,
      payload: { madeBefore: madeBefore.toISOString(), after: last.id } satisfies BatchPayload,
    })
  }
}

export const homeAreaJobs = (batchSize = HOME_AREA_BATCH): JobHandlers => ({
  [HOME_AREA_BACKFILL_JOB]: ({ tx, job, now }) => backfillHomeAreas(tx, job, now, batchSize),
})
