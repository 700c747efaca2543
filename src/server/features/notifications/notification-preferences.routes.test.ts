import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signedInUser } from '../../testing/factories'
import { createClient, createTestApp, type TestApp } from '../../testing/test-app'
import { playersWanting } from './notification-preferences.service'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

describe('notification preferences', () => {
  it('are all on for a new player', async () => {
    const player = await signedInUser(t)
    const { status, body } = await player.client.get('/api/notification-preferences')
    expect(status).toBe(200)
    expect(body.items).toEqual([
      { kind: 'reminders', inApp: true, email: true, push: true },
      { kind: 'applications', inApp: true, email: true, push: true },
      { kind: 'cancellations', inApp: true, email: true, push: true },
      { kind: 'results', inApp: true, email: true, push: true },
      { kind: 'messages', inApp: true, email: true, push: true },
      { kind: 'friend_requests', inApp: true, email: true, push: true },
      { kind: 'group_games', inApp: true, email: true, push: true },
    ])
  })

  it('switch in the app and by email separately, and only for the player who changed them', async () => {
    const player = await signedInUser(t)
    const other = await signedInUser(t)
    const changed = await player.client.put('/api/notification-preferences', {
      items: [{ kind: 'reminders', inApp: true, email: false }],
    })
    expect(changed.status).toBe(200)
    // Push left out: it stays as it was.
    expect(changed.body.items[0]).toEqual({ kind: 'reminders', inApp: true, email: false, push: true })
    await player.client.put('/api/notification-preferences', {
      items: [{ kind: 'messages', inApp: false, email: false, push: false }],
    })
    await player.client.put('/api/notification-preferences', {
      items: [{ kind: 'messages', inApp: false, email: true }],
    })
    const after = await player.client.get('/api/notification-preferences')
    expect(after.body.items).toContainEqual({ kind: 'reminders', inApp: true, email: false, push: true })
    expect(after.body.items).toContainEqual({ kind: 'messages', inApp: false, email: true, push: false })

    const ids = [player.profile.id, other.profile.id]
    expect(await playersWanting(t.db, ids, 'reminders', 'email')).toEqual([other.profile.id])
    expect(await playersWanting(t.db, ids, 'reminders', 'inApp')).toEqual(ids)
    expect(await playersWanting(t.db, ids, 'messages', 'inApp')).toEqual([other.profile.id])
    expect(await playersWanting(t.db, ids, 'messages', 'push')).toEqual([other.profile.id])
  })

  it('refuse an unknown kind, a kind given twice, or a switch that is not on or off', async () => {
    const player = await signedInUser(t)
    const unknown = await player.client.put('/api/notification-preferences', {
      items: [{ kind: 'weather', inApp: true, email: true }],
    })
    expect(unknown.status).toBe(400)
    const twice = await player.client.put('/api/notification-preferences', {
      items: [
        { kind: 'reminders', inApp: true, email: true },
        { kind: 'reminders', inApp: false, email: true },
      ],
    })
    expect(twice.status).toBe(400)
    expect(twice.body.error.message).toBe('Each kind can be given once')
    const notBoolean = await player.client.put('/api/notification-preferences', {
      items: [{ kind: 'reminders', inApp: 'yes', email: true }],
    })
    expect(notBoolean.status).toBe(400)
  })

  it('need a signed-in player who is not paused', async () => {
    expect((await createClient(t.app).get('/api/notification-preferences')).status).toBe(401)
    const paused = await signedInUser(t, { isPaused: true })
    expect((await paused.client.get('/api/notification-preferences')).status).toBe(403)
  })
})
