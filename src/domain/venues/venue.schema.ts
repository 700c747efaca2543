import { z } from 'zod'
import { regionsOf, stateCodes } from '../play-dates/play-date.constants'
import {
  VENUE_ADDRESS_MAX,
  VENUE_CITY_MAX,
  VENUE_COURTS_MAX,
  VENUE_NAME_MAX,
  VENUE_ZIP_INVALID,
  venueSettings,
} from './venue.constants'

// Where PlayDates are played: courts an admin keeps a list of, by state and region.

export * from './venue.constants'

const text = (field: string, max: number) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, `${field} is required`)
    .max(max, `${field} must be at most ${max} characters`)

const coordinate = (field: string, limit: number) =>
  z
    .number({ error: `${field} must be a number` })
    .min(-limit, `${field} must be between -${limit} and ${limit}`)
    .max(limit, `${field} must be between -${limit} and ${limit}`)
    .nullable()
    .default(null)

export const venueInput = z
  .object({
    name: text('Name', VENUE_NAME_MAX),
    address: text('Address', VENUE_ADDRESS_MAX),
    city: text('City', VENUE_CITY_MAX),
    state: z.enum(stateCodes, { error: 'Choose a state' }),
    region: z.string({ error: 'Choose a region' }).min(1, 'Choose a region'),
    courts: z
      .number({ error: 'Number of courts must be a whole number' })
      .int('Number of courts must be a whole number')
      .min(1, 'A venue has at least one court')
      .max(VENUE_COURTS_MAX, `A venue has at most ${VENUE_COURTS_MAX} courts`),
    setting: z.enum(venueSettings, { error: 'Choose indoor, outdoor or both' }),
    // The address's ZIP code: its area's centre places the venue when no coordinates are given.
    zipCode: z
      .string({ error: VENUE_ZIP_INVALID })
      .trim()
      .regex(/^\d{5}$/, VENUE_ZIP_INVALID)
      .nullable()
      .default(null),
    latitude: coordinate('Latitude', 90),
    longitude: coordinate('Longitude', 180),
  })
  .superRefine((value, ctx) => {
    if (!regionsOf(value.state).some((r) => r.key === value.region)) {
      ctx.addIssue({ code: 'custom', path: ['region'], message: 'Choose a region of the chosen state' })
    }
    if ((value.latitude === null) !== (value.longitude === null)) {
      ctx.addIssue({
        code: 'custom',
        path: [value.latitude === null ? 'latitude' : 'longitude'],
        message: 'Give both latitude and longitude, or neither',
      })
    }
  })
export type VenueInput = z.input<typeof venueInput>

export const venueOutput = z.object({
  id: z.string(),
  name: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.enum(stateCodes),
  region: z.string(),
  courts: z.number(),
  setting: z.enum(venueSettings),
  zipCode: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  // The clock its games keep (IANA zone).
  timeZone: z.string(),
  // Made by the demo data, not by an admin.
  isDemo: z.boolean(),
  retired: z.boolean(),
})
export type Venue = z.infer<typeof venueOutput>

export const venueListOutput = z.object({ items: z.array(venueOutput) })

export const venueListQuery = z.object({
  state: z.enum(stateCodes, { error: 'Choose a state' }).optional(),
  // Comma-separated region keys: venues of any of them.
  regions: z
    .string()
    .max(400)
    .optional()
    .transform((value) => (value ? value.split(',').filter(Boolean) : [])),
})

export const adminVenueListQuery = venueListQuery.extend({
  retired: z.enum(['all', 'yes', 'no']).default('no'),
})

export const setRetiredInput = z.object({
  retired: z.boolean({ error: 'Say whether the venue is retired' }),
})
