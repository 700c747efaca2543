import { z } from 'zod'

export const genders = ['male', 'female'] as const
export type Gender = (typeof genders)[number]

// Who another player is and how they rate, as every view of them starts: never an email address
// or a birthdate. Null DUPR: no DUPR rating yet (the self rating stands in where one is needed).
export const playerBasicsShape = {
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  gender: z.enum(genders),
  duprRating: z.number().nullable(),
  selfRating: z.number(),
}
