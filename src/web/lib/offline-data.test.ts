import type { DehydratedState } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { sessionKey } from '../features/auth'
import { connectionKeys } from '../features/connections'
import { homeKeys } from '../features/home'
import { playDateKeys } from '../features/play-dates'
import {
  OFFLINE_MAX_AGE_MS,
  type SavedViews,
  isKeptOffline,
  mergeSavedViews,
  restorableViews,
  sessionUserId,
} from './offline-data'

type Query = DehydratedState['queries'][number]

const NOW = Date.UTC(2026, 10, 25, 14, 0)
const HOUR = 60 * 60 * 1000

const query = (queryKey: readonly unknown[], data: unknown, dataUpdatedAt = NOW): Query =>
  ({
    queryKey,
    queryHash: JSON.stringify(queryKey),
    state: { data, dataUpdatedAt, status: 'success', fetchStatus: 'idle' },
  }) as unknown as Query

const session = (id: string | null, at = NOW) => query(sessionKey, { user: id ? { id } : null }, at)

describe('isKeptOffline', () => {
  it('keeps the session, home, the friend requests on home, the PlayDate lists, a PlayDate and its chat, the notifications and the own settings', () => {
    for (const key of [
      sessionKey,
      homeKeys.all,
      connectionKeys.list('received'),
      playDateKeys.list({ tab: 'mine' }),
      playDateKeys.list({ tab: 'available', minRating: 3 }),
      playDateKeys.detail('p1'),
      playDateKeys.messages('p1'),
      ['notifications', 'list'],
      ['notifications', 'unread-count'],
      ['profiles', 'me'],
      ['profile-about'],
      ['notification-preferences'],
      ['calendar-feed'],
      ['push-config'],
    ])
      expect(isKeptOffline(key), JSON.stringify(key)).toBe(true)
  })

  it("keeps nothing else: searches, other lists, other players' profiles", () => {
    for (const key of [
      connectionKeys.search('ann'),
      connectionKeys.list('connected'),
      connectionKeys.summary(),
      playDateKeys.partnerOptions(),
      ['public-profile', 'u2'],
      ['notifications'],
      ['profiles', 'p2'],
      ['auth'],
    ])
      expect(isKeptOffline(key), JSON.stringify(key)).toBe(false)
  })
})

describe('mergeSavedViews', () => {
  it('keeps a PlayDate seen before beside what this visit holds, the newer of two copies winning', () => {
    const saved: SavedViews = {
      userId: 'u1',
      queries: [
        session('u1', NOW - 2 * HOUR),
        query(playDateKeys.detail('old'), 'yesterday', NOW - 20 * HOUR),
        query(homeKeys.all, 'home before', NOW - 2 * HOUR),
      ],
    }
    const merged = mergeSavedViews(saved, [session('u1'), query(homeKeys.all, 'home now')], 'u1', NOW)
    expect(merged?.userId).toBe('u1')
    expect(Object.fromEntries(merged!.queries.map((q) => [q.queryHash, q.state.data]))).toEqual({
      [JSON.stringify(sessionKey)]: { user: { id: 'u1' } },
      [JSON.stringify(playDateKeys.detail('old'))]: 'yesterday',
      [JSON.stringify(homeKeys.all)]: 'home now',
    })
  })

  it('drops what is a week old and what is not kept', () => {
    const saved: SavedViews = {
      userId: 'u1',
      queries: [query(playDateKeys.detail('old'), 'last week', NOW - OFFLINE_MAX_AGE_MS)],
    }
    const merged = mergeSavedViews(saved, [session('u1'), query(['notifications'], [])], 'u1', NOW)
    expect(merged!.queries.map((q) => q.queryKey)).toEqual([sessionKey])
  })

  it("never merges another player's views", () => {
    const saved: SavedViews = { userId: 'u1', queries: [session('u1'), query(homeKeys.all, 'theirs')] }
    const merged = mergeSavedViews(saved, [session('u2')], 'u2', NOW)
    expect(merged).toEqual({ userId: 'u2', queries: [session('u2')] })
  })

  it('stores nothing when the page is no longer signed in as the player', () => {
    expect(mergeSavedViews(undefined, [session(null)], 'u1', NOW)).toBeUndefined()
    expect(mergeSavedViews(undefined, [session('u2')], 'u1', NOW)).toBeUndefined()
    expect(mergeSavedViews(undefined, [query(homeKeys.all, 'x')], 'u1', NOW)).toBeUndefined()
  })
})

describe('restorableViews', () => {
  it("gives back one player's views younger than a week", () => {
    const saved: SavedViews = {
      userId: 'u1',
      queries: [session('u1'), query(playDateKeys.detail('p'), 'old', NOW - OFFLINE_MAX_AGE_MS - 1)],
    }
    expect(restorableViews(saved, NOW)).toEqual([session('u1')])
    expect(sessionUserId(restorableViews(saved, NOW))).toBe('u1')
  })

  it('gives back nothing without a session of the same player', () => {
    expect(restorableViews(undefined, NOW)).toEqual([])
    expect(restorableViews({ userId: 'u1', queries: [query(homeKeys.all, 'x')] }, NOW)).toEqual([])
    expect(restorableViews({ userId: 'u1', queries: [session('u2')] }, NOW)).toEqual([])
  })

  it('gives back nothing once the session kept is a week old', () => {
    const saved: SavedViews = {
      userId: 'u1',
      queries: [session('u1', NOW - OFFLINE_MAX_AGE_MS), query(homeKeys.all, 'x')],
    }
    expect(restorableViews(saved, NOW)).toEqual([])
  })
})
