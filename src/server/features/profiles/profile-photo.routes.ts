import { createRoute, z } from '@hono/zod-openapi'
import {
  PHOTO_MAX_BYTES,
  type PhotoSize,
  photoMessages,
  photoQuery,
} from '../../../domain/players/profile-photo'
import { sessionUser } from '../../../domain/profiles/profile.schema'
import { createApi } from '../../app-factory'
import { limitRequest, type RateLimit } from '../../lib/rate-limit'
import { requireUser } from '../../middleware/require-user'
import { access, errorResponses, jsonContent } from '../../openapi'
import { readProfilePhoto, removeProfilePhoto, saveProfilePhoto } from './profile-photo.service'
import { PROFILE_NOT_FOUND } from './public-profile.service'

const tags = ['profiles']

// Encoding a photo takes the server tens of milliseconds of CPU: a player changes theirs a few
// times, never hundreds of times an hour.
const uploadsPerUser: RateLimit = { name: 'profile-photo:user', limit: 30, windowSeconds: 60 * 60 }

const binary = (description: string) => z.string().openapi({ format: 'binary', description })
const imageTypes = ['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif'] as const

const putPhoto = createRoute({
  method: 'put',
  path: '/profiles/me/photo',
  operationId: 'updateMyPhoto',
  tags,
  summary: 'Set the signed-in player’s photo (JPEG, PNG, WebP or HEIC, up to 10 MB)',
  description:
    'The body is the image file itself. It is cropped square from the centre and stored as WebP ' +
    'in 256 and 64 pixels; its metadata is not kept. A file that is empty, not one of these ' +
    'formats, over 10 MB or over 40 megapixels is refused and nothing is stored.',
  ...access.user,
  middleware: [requireUser] as const,
  request: {
    body: {
      required: true,
      content: Object.fromEntries(imageTypes.map((type) => [type, { schema: binary('The image file') }])),
    },
  },
  responses: {
    200: jsonContent(sessionUser, 'The updated profile, with the new `photoUrl`'),
    ...errorResponses(400, 401, 403, 429),
    413: {
      description: `Over ${PHOTO_MAX_BYTES / 1024 / 1024} MB, or over 40 megapixels`,
      content: errorResponses(413)[413]!.content,
    },
    415: {
      description: 'Not a JPEG, PNG, WebP or HEIC photo, or one that cannot be read',
      content: errorResponses(415)[415]!.content,
    },
  },
})

const deletePhoto = createRoute({
  method: 'delete',
  path: '/profiles/me/photo',
  operationId: 'removeMyPhoto',
  tags,
  summary: 'Remove the signed-in player’s photo (their initials show instead)',
  ...access.user,
  middleware: [requireUser] as const,
  responses: {
    200: jsonContent(sessionUser, 'The updated profile, with `photoUrl` null'),
    ...errorResponses(401, 403),
  },
})

const photoHeaders = {
  ETag: {
    description: 'Strong validator of this photo in this size',
    required: true,
    schema: { type: 'string' as const },
  },
  'Cache-Control': {
    description:
      'A year, immutable, when `v` names the current photo (a new photo has a new address); ' +
      'otherwise `no-cache`',
    required: true,
    schema: { type: 'string' as const },
  },
}

const getPhoto = createRoute({
  method: 'get',
  path: '/profiles/{id}/photo',
  operationId: 'getProfilePhoto',
  tags,
  summary: 'A player’s photo as WebP (the address comes from a `photoUrl`)',
  ...access.user,
  middleware: [requireUser] as const,
  request: {
    params: z.object({ id: z.uuid({ error: PROFILE_NOT_FOUND }) }),
    query: photoQuery,
  },
  responses: {
    200: {
      description: 'The photo',
      headers: photoHeaders,
      content: { 'image/webp': { schema: binary('The photo, square') } },
    },
    304: {
      description: 'The photo the caller holds (If-None-Match) is still current',
      headers: photoHeaders,
    },
    ...errorResponses(400, 401, 403, 404),
  },
})

// If-None-Match compares weakly (RFC 9110 13.1.2): a W/ prefix does not matter, and * matches.
const matches = (header: string | undefined, etag: string) =>
  header !== undefined &&
  header.split(',').some((tag) => {
    const value = tag.trim().replace(/^W\//, '')
    return value === '*' || value === etag
  })

export const profilePhotoRoutes = createApi()
  .openapi(putPhoto, async (c) => {
    const user = c.get('user')
    await limitRequest(c, [{ rule: uploadsPerUser, subject: user.id }])
    const bytes = new Uint8Array(await c.req.arrayBuffer())
    return c.json(await saveProfilePhoto(c.get('db'), user.id, bytes, c.get('deps').clock.now()), 200)
  })
  .openapi(deletePhoto, async (c) =>
    c.json(await removeProfilePhoto(c.get('db'), c.get('user').id, c.get('deps').clock.now()), 200),
  )
  .openapi(getPhoto, async (c) => {
    const { id } = c.req.valid('param')
    const query = c.req.valid('query')
    const size: PhotoSize = query.size === '64' ? 64 : 256
    const photo = await readProfilePhoto(c.get('db'), id, size)
    if (!photo) return c.json({ error: { code: 'not_found' as const, message: photoMessages.notFound } }, 404)
    const headers = {
      etag: photo.etag,
      // Behind the session: no shared cache may keep it. The versioned address never changes
      // content, so the browser keeps it for good; any other address is checked each time.
      'cache-control':
        query.v === photo.version ? 'private, max-age=31536000, immutable' : 'private, no-cache',
    }
    if (matches(c.req.header('if-none-match'), photo.etag)) return c.body(null, 304, headers)
    return c.body(new Uint8Array(photo.bytes), 200, { ...headers, 'content-type': 'image/webp' })
  })
