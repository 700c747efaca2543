import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { INVALID_SIGNUP_CODE_MESSAGE } from '../../domain/auth/auth.schema'
import { signUpBody } from '../testing/factories'
import { linkSentTo } from '../testing/mailbox'
import { createClient, createTestApp, type TestApp } from '../testing/test-app'
import { seedDemo } from './seed'

// A new player's first look at the demo (docs/decisions/0209): they sign up in Central Phoenix with
// a code the start-up printed, have no friends yet, and open Available on "Games I can join alone".
let t: TestApp
let summary: string
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_FACTOR: '0' })
  ;({ summary } = await seedDemo(t.db, { productName: 'PickleMatch', now: t.clock.now() }))
})
afterAll(() => t.close())

// Signs up through the page's call and confirms the address: the client holds the session.
async function signUp(overrides: Record<string, unknown>) {
  const body = signUpBody(overrides)
  const client = createClient(t.app)
  const res = await client.post('/api/auth/sign-up', body)
  if (res.status !== 201) return { res, client }
  const { token } = await linkSentTo(t, body.email, '/email-confirmation')
  const confirmed = await client.post('/api/auth/confirm-email', { token })
  expect(confirmed.status).toBe(200)
  return { res, client }
}

type Item = {
  id: string
  regions: string[]
  duprRange: { min: number; max: number } | null
  spots: { partnerWanted: boolean; otherSide: number }
}

describe('a newcomer to the demo', () => {
  it('signs up once with a printed code; the next player signs up without one', async () => {
    expect(summary).toContain('4827193')
    expect(summary).toContain('each signs up one player')
    const first = await signUp({ signupCode: '4827193' })
    expect(first.res.status).toBe(201)
    const again = await signUp({ signupCode: '4827193' })
    expect(again.res.status).toBe(400)
    expect(again.res.body.error.message).toBe(INVALID_SIGNUP_CODE_MESSAGE)
    const without = await signUp({})
    expect(without.res.status).toBe(201)
  })

  it('in Central Phoenix with no friends finds a game to join alone where Available opens', async () => {
    // Rated 3.0 by themselves, no DUPR yet: a typical new player.
    const { client } = await signUp({
      noDuprRating: true,
      duprRating: undefined,
      selfRating: 3,
      zipCode: '85004',
    })
    const session = await client.get('/api/auth/session')
    expect(session.body.user).toMatchObject({ homeState: 'AZ', homeRegion: 'central_phoenix' })

    // What the page asks for: the home area, "Games I can join alone".
    const res = await client.get('/api/play-dates?tab=available&state=AZ&region=central_phoenix&alone=true')
    expect(res.status).toBe(200)
    const items = res.body.items as Item[]
    const takesThem = (item: Item) =>
      item.duprRange !== null && item.duprRange.min <= 3 && item.duprRange.max >= 3
    const partnerWanted = items.find((item) => item.spots.partnerWanted && takesThem(item))
    expect(partnerWanted?.regions).toEqual(['central_phoenix'])

    // And joins it alone.
    const applied = await client.post(`/api/play-dates/${partnerWanted!.id}/requests`, { alone: true })
    expect(applied.status).toBe(201)
  })
})
