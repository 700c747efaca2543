import { z } from 'zod'

// Profile photos (docs/decisions/0098-profile-photos.md).
export const PHOTO_MAX_BYTES = 10 * 1024 * 1024
// A decoded image of more pixels than this is refused before it is decoded (a small file can
// describe a huge picture).
export const PHOTO_MAX_PIXELS = 40_000_000
// The stored sizes, in pixels, square: a large one for headers and profiles, a small one for
// lists and chat.
export const PHOTO_SIZES = [256, 64] as const
export type PhotoSize = (typeof PHOTO_SIZES)[number]

// What the file picker offers: any image. Asked this way, iPhones turn a HEIC photo into a JPEG
// (they send HEIC as it is only to a page that names image/heic). The server reads the file's
// own bytes, never its name or type, and says which formats it takes.
export const PHOTO_ACCEPT = 'image/*'

export const photoMessages = {
  tooBig: 'That photo is larger than 10 MB. Please choose a smaller one.',
  empty: 'That file is empty. Please choose a photo.',
  notImage: 'That file is not a photo we can read. Please choose a JPEG, PNG, WebP or HEIC photo.',
  tooManyPixels: 'That photo is too large to process (over 40 megapixels). Please choose a smaller one.',
  unreadable: 'That photo could not be read. Please choose another one.',
  notFound: 'No photo',
} as const

// The address of a player's photo; the version changes with each new photo, so an address is
// never reused for another picture and the browser may keep it for good.
export const profilePhotoUrl = (profileId: string, version: string | null): string | null =>
  version ? `/api/profiles/${profileId}/photo?v=${encodeURIComponent(version)}` : null

export const photoUrlField = z
  .string()
  .nullable()
  .describe("The player's photo (256 px WebP; add `&size=64` for the small one), or null: show the initials")

export const photoQuery = z.object({
  v: z.string().max(64).optional().describe('The photo version from `photoUrl`'),
  size: z.enum(['256', '64']).optional().describe('Pixels per side; 256 unless 64 is asked for'),
})
