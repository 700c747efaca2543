import { sql } from 'drizzle-orm'
import type { Db, DbOrTx } from '../../db/client'
import { nameSearchKey } from '../../db/schema'
import { pageTotal } from '../../lib/page-total'

// What the admin lists share: capped totals, one prepared statement per shape, and the search key.

// Totals are counted up to this many rows past the page: 'Showing 1 to 20 of 1000+ users'
// costs the same with a thousand players or a million.
export const ADMIN_COUNT_CAP = 1000

// The lists are prepared queries with one statement per shape (which filters are on, the sort,
// the direction): the shape is spelled out in the statement's name (db/prepared.ts).
export const shapeName = (prefix: string, shape: object) =>
  `${prefix}_${Object.values(shape)
    .map((value) => (typeof value === 'boolean' ? Number(value) : value))
    .join('_')}`

interface Executable<Row> {
  execute(values: Record<string, unknown>): Promise<Row[]>
}
type Shaped<Row> = () => (db: DbOrTx) => { prepare(name: string): Executable<Row> }

// One page of an admin list: its shape's statement, whose rows carry the list's total, and past
// the last page the shape's count.
export async function shapedPage<Row extends { total: number }>(
  db: Db,
  name: string,
  values: Record<string, unknown>,
  offset: number,
  queries: { page: Shaped<Row>; count: Shaped<{ total: number }> },
) {
  const rows = await db.preparedShape(name, queries.page).execute(values)
  const total = await pageTotal(rows, offset, async () => {
    const [count] = await db.preparedShape(`${name}_count`, queries.count).execute(values)
    return count?.total ?? 0
  })
  return { rows, total }
}

// The search as typed; the database turns it into its key (name_search_key).
export const searchKey = nameSearchKey(sql.placeholder('search'))
