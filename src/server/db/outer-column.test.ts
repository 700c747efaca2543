import { eq, sql } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/node-postgres'
import { describe, expect, it } from 'vitest'
import { outerColumn } from './outer-column'
import { playDateRequests, playDates } from './schema'

describe('outerColumn', () => {
  const db = drizzle.mock()

  it('names the outer row inside a subquery of a one-table select, where a bare column would bind to the inner rows', () => {
    const bare = db
      .select({ n: sql`(select count(*) from ${playDateRequests} r where r.play_date_id = ${playDates.id})` })
      .from(playDates)
      .where(eq(playDates.id, 'x'))
      .toSQL().sql
    expect(bare).toContain('r.play_date_id = "id"')
    const named = db
      .select({
        n: sql`(select count(*) from ${playDateRequests} r where r.play_date_id = ${outerColumn(playDates.id)})`,
      })
      .from(playDates)
      .where(eq(playDates.id, 'x'))
      .toSQL().sql
    expect(named).toContain('r.play_date_id = "play_dates"."id"')
  })
})
