import { z } from 'zod'

// Home for distances (docs/decisions/0157): the centre of the player's ZIP code's area, or the
// browser's location, rounded to about 1 km before it is stored. Profile Settings says
// "Home: Tempe, AZ" and changes it.

export const HOME_ZIP_UNKNOWN = 'We could not find that ZIP code'
export const HOME_OUTSIDE_US = 'That location is not in the US: enter a ZIP code instead'
export const HOME_ONE_WAY = 'Give a ZIP code or a location, not both'
export const HOME_NEEDED = 'Set your home in Profile Settings to find games by distance'

// As sign-up checks a ZIP code (auth.schema's zipCodeInput, which imports this folder).
const zipCodeInput = z
  .string({ error: 'ZIP code is required' })
  .trim()
  .regex(/^\d{5}(-\d{4})?$/, 'Please enter a valid ZIP code')

const coordinate = (field: string, limit: number) =>
  z
    .number({ error: `${field} must be a number` })
    .min(-limit, `${field} must be between -${limit} and ${limit}`)
    .max(limit, `${field} must be between -${limit} and ${limit}`)

export const homeLocationInput = z
  .object({
    zipCode: zipCodeInput.optional(),
    latitude: coordinate('Latitude', 90).optional(),
    longitude: coordinate('Longitude', 180).optional(),
  })
  .superRefine((value, ctx) => {
    const hasPoint = value.latitude !== undefined || value.longitude !== undefined
    if (value.zipCode !== undefined && hasPoint) {
      ctx.addIssue({ code: 'custom', path: ['zipCode'], message: HOME_ONE_WAY })
    } else if (value.zipCode === undefined && !hasPoint) {
      ctx.addIssue({ code: 'custom', path: ['zipCode'], message: 'ZIP code is required' })
    } else if (hasPoint && (value.latitude === undefined || value.longitude === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: [value.latitude === undefined ? 'latitude' : 'longitude'],
        message: 'Give both latitude and longitude',
      })
    }
  })
export type HomeLocationInput = z.input<typeof homeLocationInput>

export const homeSources = ['zip', 'location'] as const

export const homeLocationOutput = z.object({
  home: z
    .object({
      // "Tempe, AZ".
      label: z.string(),
      // From the ZIP code, or from the browser's location.
      source: z.enum(homeSources),
      zipCode: z.string().nullable(),
    })
    .nullable()
    .describe('Null: no ZIP code that the app can place, and no location given'),
})
export type HomeLocation = z.infer<typeof homeLocationOutput>
