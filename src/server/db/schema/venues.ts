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
import { stateCodes } from '../../../domain/play-dates/play-date.constants'
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
    state: text('state', { enum: stateCodes }).notNull(),
    region: text('region').notNull(),
    courts: integer('courts').notNull(),
    setting: text('setting', { enum: ['outdoor', 'indoor', 'both'] }).notNull(),
    // The address's ZIP code (its area's centre is the venue's place when nothing better is given).
    zipCode: text('zip_code'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    // The clock its games keep: its state's, or in a state with two zones the zone at its
    // coordinates (docs/decisions/0157).
    timeZone: text('time_zone').notNull(),
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
