import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core'
import { createdAt, id, updatedAt } from './columns'

// Courts where PlayDates are played. A venue is retired, never deleted: PlayDates keep pointing
// at the place they were played.
export const venues = pgTable(
  'venues',
  {
    id: id(),
    name: text('name').notNull(),
    address: text('address').notNull(),
    city: text('city').notNull(),
    state: text('state', { enum: ['AZ', 'FL', 'CA', 'UT', 'TX'] }).notNull(),
    region: text('region').notNull(),
    courts: integer('courts').notNull(),
    setting: text('setting', { enum: ['outdoor', 'indoor', 'both'] }).notNull(),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    isDemo: boolean('is_demo').notNull().default(false),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('venues_courts_range', sql`${t.courts} between 1 and 64`),
    check('venues_name_length', sql`length(btrim(${t.name})) between 1 and 120`),
    check('venues_coordinates_together', sql`(${t.latitude} is null) = (${t.longitude} is null)`),
    // The wizard's list: the venues in use of a state, by region, by name.
    index('venues_state_region_idx')
      .on(t.state, t.region, t.name)
      .where(sql`${t.retiredAt} is null`),
  ],
)
