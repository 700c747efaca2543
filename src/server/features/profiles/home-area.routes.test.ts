import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signedInUser, signUpBody } from '../../testing/factories'
import { linkSentTo } from '../../testing/mailbox'
import { createClient, createTestApp, type TestApp, type TestClient } from '../../testing/test-app'

// The home area (the state and region the Available tab opens on) follows the home Profile
// Settings shows ("Home: Tempe, AZ"): sign-up's ZIP code gives it, and a home in another state
// moves it (docs/decisions/0179).
let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_FACTOR: '0' })
})
afterAll(() => t.close())

async function signUpAndConfirm(zipCode: string) {
  const body = signUpBody({ zipCode })
  const client = createClient(t.app)
  const res = await client.post('/api/auth/sign-up', body)
  expect(res.status).toBe(201)
  const { token } = await linkSentTo(t, body.email, '/email-confirmation')
  const confirmed = await client.post('/api/auth/confirm-email', { token })
  expect(confirmed.status).toBe(200)
  return client
}

const homeArea = async (client: TestClient) => {
  const { homeState, homeRegion } = (await client.get('/api/profiles/me')).body
  return { homeState, homeRegion }
}
const homeLabel = async (client: TestClient) =>
  (await client.get('/api/profiles/me/location')).body.home?.label ?? null

describe('the home area', () => {
  it('is the sign-up ZIP code’s state and region, as the home says', async () => {
    const tempe = await signUpAndConfirm('85281')
    expect(await homeLabel(tempe)).toBe('Tempe, AZ')
    expect(await homeArea(tempe)).toEqual({ homeState: 'AZ', homeRegion: 'east_valley' })
    const session = (await tempe.get('/api/auth/session')).body.user
    expect(session).toMatchObject({ homeState: 'AZ', homeRegion: 'east_valley' })

    const miami = await signUpAndConfirm('33130')
    expect(await homeArea(miami)).toEqual({ homeState: 'FL', homeRegion: 'statewide' })
  })

  it('is left unset by a ZIP code that is no home (a PO box)', async () => {
    const poBox = await signUpAndConfirm('85001')
    expect(await homeLabel(poBox)).toBeNull()
    expect(await homeArea(poBox)).toEqual({ homeState: null, homeRegion: null })
  })

  it('follows a home moved to another state, and keeps the chosen region within the state', async () => {
    const { client } = await signedInUser(t, { zipCode: '85281' })
    const chosen = await client.put('/api/profiles/me/home', {
      homeState: 'AZ',
      homeRegion: 'central_phoenix',
    })
    expect(chosen.status).toBe(200)

    // Within Arizona: the player's own choice stays.
    await client.put('/api/profiles/me/location', { zipCode: '85701' })
    expect(await homeArea(client)).toEqual({ homeState: 'AZ', homeRegion: 'central_phoenix' })

    // To Florida, by the browser's location.
    await client.put('/api/profiles/me/location', { latitude: 25.77, longitude: -80.21 })
    expect(await homeLabel(client)).toBe('Miami, FL')
    expect(await homeArea(client)).toEqual({ homeState: 'FL', homeRegion: 'statewide' })

    // Back to Arizona, by a new ZIP code in the profile form.
    const profile = (await client.get('/api/profiles/me')).body
    const saved = await client.put('/api/profiles/me', { ...profile, zipCode: '86336' })
    expect(saved.status).toBe(200)
    expect(saved.body).toMatchObject({ homeState: 'AZ', homeRegion: 'sedona' })
    expect(await homeLabel(client)).toBe('Sedona, AZ')

    // The same ZIP code saved again moves nothing.
    await client.put('/api/profiles/me/home', { homeState: 'AZ', homeRegion: 'flagstaff' })
    await client.put('/api/profiles/me', { ...saved.body, zipCode: '86336' })
    expect(await homeArea(client)).toEqual({ homeState: 'AZ', homeRegion: 'flagstaff' })

    // A new ZIP code in the same state is the new home; the chosen region stays.
    await client.put('/api/profiles/me', { ...saved.body, zipCode: '85701' })
    expect(await homeLabel(client)).toBe('Tucson, AZ')
    expect(await homeArea(client)).toEqual({ homeState: 'AZ', homeRegion: 'flagstaff' })
  })

  it('cleared by the player comes back with their next home', async () => {
    const { client } = await signedInUser(t, { zipCode: '85281' })
    await client.put('/api/profiles/me/home', { homeState: null, homeRegion: null })
    await client.put('/api/profiles/me/location', { zipCode: '85004' })
    expect(await homeArea(client)).toEqual({ homeState: 'AZ', homeRegion: 'central_phoenix' })
  })
})
