import { crc32 } from 'node:zlib'
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PHOTO_MAX_BYTES, photoMessages } from '../../../domain/players/profile-photo'
import { profilePhotos, profiles } from '../../db/schema'
import { befriendedPair, signedInUser } from '../../testing/factories'
import { createClient, createTestApp, type TestApp, type TestClient } from '../../testing/test-app'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const PHOTO = '/api/profiles/me/photo'

// A 900 x 300 picture in three colour bands: red, green, blue. A square from its centre is green.
const bands = () =>
  sharp({ create: { width: 900, height: 300, channels: 3, background: '#ff0000' } })
    .composite([
      {
        input: { create: { width: 300, height: 300, channels: 3, background: '#00ff00' } },
        left: 300,
        top: 0,
      },
      {
        input: { create: { width: 300, height: 300, channels: 3, background: '#0000ff' } },
        left: 600,
        top: 0,
      },
    ])
    .jpeg()
    .toBuffer()
    .then((buffer) => new Uint8Array(buffer))

const square = async (format: 'png' | 'webp') => {
  const image = sharp({ create: { width: 40, height: 40, channels: 4, background: '#3366cc' } })
  return new Uint8Array(await (format === 'png' ? image.png() : image.webp()).toBuffer())
}

const chunk = (type: string, data: Buffer) => {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, crc])
}

// An image bomb: a PNG of a few dozen bytes whose header claims 20,000 x 20,000 pixels.
const bomb = () => {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(20_000, 0)
  header.writeUInt32BE(20_000, 4)
  header.set([8, 2, 0, 0, 0], 8)
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', header),
      chunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
      chunk('IEND', Buffer.alloc(0)),
    ]),
  )
}

const upload = (client: TestClient, bytes: Uint8Array, type = 'image/jpeg') =>
  client.put(PHOTO, bytes, { 'content-type': type })

const storedPhoto = async (profileId: string) => {
  const [row] = await t.db.select().from(profilePhotos).where(eq(profilePhotos.profileId, profileId))
  const [profile] = await t.db
    .select({ photoVersion: profiles.photoVersion })
    .from(profiles)
    .where(eq(profiles.id, profileId))
  return { row, version: profile?.photoVersion ?? null }
}

describe('setting a profile photo', () => {
  it('crops the photo square from its centre, stores both sizes and answers the new address', async () => {
    const { profile, client } = await signedInUser(t)
    const res = await upload(client, await bands())
    expect(res.status).toBe(200)
    expect(res.body.photoUrl).toMatch(new RegExp(`^/api/profiles/${profile.id}/photo\\?v=[0-9a-f]{16}$`))
    expect((await client.get('/api/auth/session')).body.user.photoUrl).toBe(res.body.photoUrl)

    const large = await client.get(res.body.photoUrl)
    expect(large.status).toBe(200)
    expect(large.headers.get('content-type')).toBe('image/webp')
    const image = sharp(large.bytes)
    expect(await image.metadata()).toMatchObject({ format: 'webp', width: 256, height: 256 })
    const { data } = await image.raw().toBuffer({ resolveWithObject: true })
    // Near its left and right edges the square is still from the green band.
    for (const offset of [(128 * 256 + 8) * 3, (128 * 256 + 247) * 3]) {
      const [r, g, b] = data.subarray(offset, offset + 3)
      expect(g).toBeGreaterThan(200)
      expect(r! + b!).toBeLessThan(80)
    }

    const small = await client.get(`${res.body.photoUrl}&size=64`)
    expect(await sharp(small.bytes).metadata()).toMatchObject({ format: 'webp', width: 64, height: 64 })
  })

  it('takes PNG and WebP files too, and a new photo gets a new address', async () => {
    const { client } = await signedInUser(t)
    const png = await upload(client, await square('png'), 'image/png')
    expect(png.status).toBe(200)
    const webp = await upload(client, await square('webp'), 'image/webp')
    expect(webp.status).toBe(200)
    expect(webp.body.photoUrl).not.toBe(png.body.photoUrl)
    // The same picture again: the same address.
    expect((await upload(client, await square('png'), 'image/png')).body.photoUrl).toBe(png.body.photoUrl)
  })

  it('shows in the summaries other players get: connections, search, the public profile and notifications', async () => {
    const [me, friend] = await befriendedPair(t, { firstName: 'Photogenic' })
    const { body } = await upload(me.client, await bands())
    const connected = await friend.client.get('/api/connections?view=connected')
    expect(
      connected.body.items.find((c: { player: { id: string } }) => c.player.id === me.profile.id),
    ).toMatchObject({ player: { photoUrl: body.photoUrl } })
    const search = await friend.client.get(`/api/connections/search?q=Photogenic`)
    expect(search.body.results.find((p: { id: string }) => p.id === me.profile.id)).toMatchObject({
      photoUrl: body.photoUrl,
    })
    const profile = await friend.client.get(`/api/profiles/${me.profile.id}`)
    expect(profile.body.profile.photoUrl).toBe(body.photoUrl)
    expect(profile.body.connections).toEqual([
      expect.objectContaining({ id: friend.profile.id, photoUrl: null }),
    ])
    expect((await me.client.get(`/api/profiles/${friend.profile.id}`)).body.connections).toEqual([
      expect.objectContaining({ id: me.profile.id, photoUrl: body.photoUrl }),
    ])

    const stranger = await signedInUser(t)
    await me.client.post('/api/connections/friend-requests', { receiverId: stranger.profile.id })
    const notices = await stranger.client.get('/api/notifications')
    expect(notices.body.items[0].actor).toEqual({
      id: me.profile.id,
      firstName: 'Photogenic',
      lastName: me.profile.lastName,
      photoUrl: body.photoUrl,
    })
  })
})

describe('serving a photo', () => {
  it('has a strong ETag, is kept for good at its versioned address and answers 304 when unchanged', async () => {
    const { profile, client } = await signedInUser(t)
    const { body } = await upload(client, await bands())
    const viewer = (await signedInUser(t)).client
    const res = await viewer.get(body.photoUrl)
    const etag = res.headers.get('etag')!
    expect(etag).toMatch(/^"[0-9a-f]{64}-256"$/)
    expect(res.headers.get('cache-control')).toBe('private, max-age=31536000, immutable')

    const again = await viewer.get(body.photoUrl, { 'if-none-match': etag })
    expect(again.status).toBe(304)
    expect(again.bytes.byteLength).toBe(0)
    expect(again.headers.get('etag')).toBe(etag)
    expect((await viewer.get(body.photoUrl, { 'if-none-match': `W/${etag}, "other"` })).status).toBe(304)

    const small = await viewer.get(`${body.photoUrl}&size=64`, { 'if-none-match': etag })
    expect(small.status).toBe(200)
    expect(small.headers.get('etag')).toMatch(/-64"$/)

    // An address without the current version (an old photo's) is checked each time.
    const stale = await viewer.get(`/api/profiles/${profile.id}/photo?v=0000000000000000`)
    expect(stale.status).toBe(200)
    expect(stale.headers.get('cache-control')).toBe('private, no-cache')
  })

  it('is not served while its player is paused, at either size', async () => {
    const { profile, client } = await signedInUser(t)
    const { photoUrl } = (await upload(client, await bands())).body
    const viewer = await signedInUser(t)
    expect((await viewer.client.get(photoUrl)).status).toBe(200)
    await t.db.update(profiles).set({ isPaused: true }).where(eq(profiles.id, profile.id))
    for (const address of [photoUrl, `${photoUrl}&size=64`]) {
      const res = await viewer.client.get(address)
      expect(res.status).toBe(404)
      expect(res.body.error.message).toBe(photoMessages.notFound)
    }
    await t.db.update(profiles).set({ isPaused: false }).where(eq(profiles.id, profile.id))
    expect((await viewer.client.get(photoUrl)).status).toBe(200)
  })

  it('answers 404 for a player without a photo and needs a session', async () => {
    const { profile, client } = await signedInUser(t)
    const res = await client.get(`/api/profiles/${profile.id}/photo`)
    expect(res.status).toBe(404)
    expect(res.body.error.message).toBe(photoMessages.notFound)
    expect((await createClient(t.app).get(`/api/profiles/${profile.id}/photo`)).status).toBe(401)
  })
})

describe('removing a photo', () => {
  it('clears it everywhere; removing again is harmless', async () => {
    const { profile, client } = await signedInUser(t)
    const { body } = await upload(client, await bands())
    const res = await client.delete(PHOTO)
    expect(res.status).toBe(200)
    expect(res.body.photoUrl).toBeNull()
    expect((await client.get(body.photoUrl)).status).toBe(404)
    expect(await storedPhoto(profile.id)).toEqual({ row: undefined, version: null })
    expect((await client.delete(PHOTO)).status).toBe(200)
  })
})

describe('refused files store nothing', () => {
  const refuses = async (bytes: Uint8Array, status: number, message: string, type = 'image/jpeg') => {
    const { profile, client } = await signedInUser(t)
    const res = await upload(client, bytes, type)
    expect(res.status).toBe(status)
    expect(res.body.error.message).toBe(message)
    expect(await storedPhoto(profile.id)).toEqual({ row: undefined, version: null })
  }

  it('an empty file', () => refuses(new Uint8Array(0), 400, photoMessages.empty))

  it('a file that is not an image, whatever type it claims', async () => {
    await refuses(new TextEncoder().encode('hello, not a photo'), 415, photoMessages.notImage)
    await refuses(
      new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'),
      415,
      photoMessages.notImage,
      'image/svg+xml',
    )
  })

  it('a file that starts like a photo but is damaged', async () => {
    const damaged = (await bands()).slice(0, 40)
    await refuses(damaged, 415, photoMessages.unreadable)
  })

  it('a file over 10 MB, with a clear message', async () => {
    const big = new Uint8Array(PHOTO_MAX_BYTES + 1)
    big.set(await bands())
    await refuses(big, 413, photoMessages.tooBig)
  })

  it('an image bomb: a small file describing over 40 megapixels', async () => {
    const file = bomb()
    expect(file.byteLength).toBeLessThan(100)
    await refuses(file, 413, photoMessages.tooManyPixels, 'image/png')
  })

  it('a photo the other writes’ limit (256 KiB) would refuse is taken', async () => {
    const { client } = await signedInUser(t)
    const noisy = await sharp(
      Buffer.alloc(600 * 600 * 3).map(() => Math.floor(Math.random() * 256)),
      {
        raw: { width: 600, height: 600, channels: 3 },
      },
    )
      .png()
      .toBuffer()
    expect(noisy.byteLength).toBeGreaterThan(256 * 1024)
    expect((await upload(client, new Uint8Array(noisy), 'image/png')).status).toBe(200)
  })
})

describe('who may change a photo', () => {
  it('needs a session', async () => {
    const res = await upload(createClient(t.app), await bands())
    expect(res.status).toBe(401)
    expect((await createClient(t.app).delete(PHOTO)).status).toBe(401)
  })

  it('is closed to a paused player', async () => {
    const { profile, client } = await signedInUser(t, { isPaused: true })
    const res = await upload(client, await bands())
    expect(res.status).toBe(403)
    expect(res.body.error.message).toBe('Your access has been paused')
    expect((await storedPhoto(profile.id)).row).toBeUndefined()
  })

  it('refuses a cross-site upload', async () => {
    const { profile, token } = await signedInUser(t)
    const evil = createClient(t.app, 'https://evil.example')
    evil.cookies.set('pm_session', token)
    expect((await upload(evil, await bands())).status).toBe(403)
    expect((await storedPhoto(profile.id)).row).toBeUndefined()
  })

  it('changes only the player’s own photo: there is no way to set another’s', async () => {
    const [me, other] = await Promise.all([signedInUser(t), signedInUser(t)])
    const res = await me.client.put(`/api/profiles/${other.profile.id}/photo`, await bands(), {
      'content-type': 'image/jpeg',
    })
    expect(res.status).toBe(404)
    expect((await storedPhoto(other.profile.id)).row).toBeUndefined()
  })
})
