import { createHash } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import sharp from 'sharp'
import { AppError } from '../../../domain/errors'
import {
  PHOTO_MAX_BYTES,
  PHOTO_MAX_PIXELS,
  type PhotoSize,
  photoMessages,
} from '../../../domain/players/profile-photo'
import type { SessionUser } from '../../../domain/profiles/profile.schema'
import type { Db, DbOrTx } from '../../db/client'
import { profilePhotos, profiles } from '../../db/schema'
import { sessionUserColumns, toSessionUser } from '../../db/queries'

// The characters of the content hash that make the photo's version in its address.
const VERSION_LENGTH = 16

type PhotoFormat = 'jpeg' | 'png' | 'webp' | 'heif'

const startsWith = (bytes: Uint8Array, offset: number, ascii: string) =>
  ascii.split('').every((char, i) => bytes[offset + i] === char.charCodeAt(0))

// HEIF/AVIF brands: what a phone's camera (HEIC) or an AVIF export writes after 'ftyp'.
const HEIF_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'mif1', 'msf1', 'avif', 'avis'])

// The file's own first bytes say what it is, never its name or the type the browser guessed.
// Anything else libvips could read (SVG, TIFF, GIF, PDF) is refused before it is parsed.
export function photoFormatOf(bytes: Uint8Array): PhotoFormat | null {
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg'
  if (startsWith(bytes, 0, '\x89PNG\r\n\x1a\n')) return 'png'
  if (startsWith(bytes, 0, 'RIFF') && startsWith(bytes, 8, 'WEBP')) return 'webp'
  if (startsWith(bytes, 4, 'ftyp')) {
    const brand = String.fromCharCode(...bytes.subarray(8, 12))
    if (HEIF_BRANDS.has(brand)) return 'heif'
  }
  return null
}

export interface EncodedPhoto {
  large: Buffer
  small: Buffer
  hash: string
}

const isPixelLimit = (error: unknown) => error instanceof Error && /pixel limit/i.test(error.message)

// Square from the centre, turned upright as the camera says (EXIF orientation), transparency on
// white, and written as WebP in both sizes; the metadata (location, camera) is not kept.
export async function encodeProfilePhoto(bytes: Uint8Array): Promise<EncodedPhoto> {
  if (bytes.byteLength === 0) throw new AppError('invalid', photoMessages.empty)
  if (bytes.byteLength > PHOTO_MAX_BYTES) throw new AppError('payload_too_large', photoMessages.tooBig)
  if (!photoFormatOf(bytes)) throw new AppError('unsupported_media_type', photoMessages.notImage)
  // limitInputPixels is checked against the header before any pixel is decoded: a small file
  // that claims a huge picture (an image bomb) costs nothing.
  const input = { limitInputPixels: PHOTO_MAX_PIXELS, failOn: 'error' as const }
  try {
    const large = await sharp(bytes, input)
      .rotate()
      .resize(256, 256, { fit: 'cover', position: 'centre' })
      .flatten({ background: '#ffffff' })
      .webp({ quality: 82 })
      .toBuffer()
    const small = await sharp(large).resize(64, 64).webp({ quality: 82 }).toBuffer()
    const hash = createHash('sha256').update(large).update(small).digest('hex')
    return { large, small, hash }
  } catch (error) {
    if (isPixelLimit(error)) throw new AppError('payload_too_large', photoMessages.tooManyPixels)
    // A file that starts like a photo but is not one (cut short, damaged), or a format this
    // build cannot decode (HEIC from some phones).
    throw new AppError('unsupported_media_type', photoMessages.unreadable)
  }
}

// Stores the photo and its version in one transaction: every summary that reads the version
// afterwards finds the photo.
export async function saveProfilePhoto(
  db: Db,
  userId: string,
  bytes: Uint8Array,
  now: Date,
): Promise<SessionUser> {
  const photo = await encodeProfilePhoto(bytes)
  return db.transaction(async (tx) => {
    await tx
      .insert(profilePhotos)
      .values({ profileId: userId, ...photo, updatedAt: now })
      .onConflictDoUpdate({
        target: profilePhotos.profileId,
        set: { large: photo.large, small: photo.small, hash: photo.hash, updatedAt: now },
      })
    const [row] = await tx
      .update(profiles)
      .set({ photoVersion: photo.hash.slice(0, VERSION_LENGTH), updatedAt: now })
      .where(eq(profiles.id, userId))
      .returning(sessionUserColumns)
    if (!row) throw new AppError('not_found', 'Profile Not Found')
    return toSessionUser(row)
  })
}

// Removing a photo that is not there is not an error: the player ends without one either way.
export async function removeProfilePhoto(db: Db, userId: string, now: Date): Promise<SessionUser> {
  return db.transaction(async (tx) => {
    await tx.delete(profilePhotos).where(eq(profilePhotos.profileId, userId))
    const [row] = await tx
      .update(profiles)
      .set({ photoVersion: null, updatedAt: now })
      .where(eq(profiles.id, userId))
      .returning(sessionUserColumns)
    if (!row) throw new AppError('not_found', 'Profile Not Found')
    return toSessionUser(row)
  })
}

// Each size is its own statement, so the other size is never read from storage. A paused
// player's photo is not served while they are paused.
const photoQuery = (column: 'large' | 'small') => (db: DbOrTx) =>
  db
    .select({ hash: profilePhotos.hash, bytes: profilePhotos[column] })
    .from(profilePhotos)
    .innerJoin(profiles, eq(profiles.id, profilePhotos.profileId))
    .where(and(eq(profilePhotos.profileId, sql.placeholder('profileId')), eq(profiles.isPaused, false)))
const largePhotoQuery = photoQuery('large')
const smallPhotoQuery = photoQuery('small')

export interface StoredPhoto {
  bytes: Buffer
  // The strong validator: the content hash, and the size (each size is its own representation).
  etag: string
  version: string
}

export async function readProfilePhoto(
  db: DbOrTx,
  profileId: string,
  size: PhotoSize,
): Promise<StoredPhoto | undefined> {
  const [row] =
    size === 64
      ? await db.prepared('profile_photo_small', smallPhotoQuery).execute({ profileId })
      : await db.prepared('profile_photo_large', largePhotoQuery).execute({ profileId })
  if (!row) return undefined
  return { bytes: row.bytes, etag: `"${row.hash}-${size}"`, version: row.hash.slice(0, VERSION_LENGTH) }
}
