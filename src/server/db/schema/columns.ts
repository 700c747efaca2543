import { sql } from 'drizzle-orm'
import { numeric, timestamp, uuid } from 'drizzle-orm/pg-core'

// Ratings are exact decimals (2.00 to 7.00); numeric avoids binary floating-point drift.
export const rating = (name: string) => numeric(name, { precision: 3, scale: 2, mode: 'number' })

export const id = () =>
  uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`)

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date())
