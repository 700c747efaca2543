import { QueryClient, QueryObserver } from '@tanstack/react-query'
import { describe, expect, it, vi } from 'vitest'
import type { SessionUser } from '../../../../domain/profiles/profile.schema'
import { ownProfileKey, sessionKey } from '../../auth'
import { showNewPhoto } from './profile-photo.queries'

describe('a new photo', () => {
  it('shows at once where the player is, and marks the rest to be read again when next shown', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } })
    // A list on screen (the settings page's venues, say) and one that is not.
    const onScreen = vi.fn(async () => ['venue'])
    const offScreen = vi.fn(async () => ['friend'])
    const observer = new QueryObserver(queryClient, { queryKey: ['venues'], queryFn: onScreen })
    const unsubscribe = observer.subscribe(() => undefined)
    await queryClient.fetchQuery({ queryKey: ['connections', 'friends'], queryFn: offScreen })
    await vi.waitFor(() => expect(observer.getCurrentResult().isSuccess).toBe(true))

    const user = { id: 'u1', firstName: 'Bea', lastName: 'Ginner', photoUrl: '/api/profiles/u1/photo?v=2' }
    showNewPhoto(queryClient, user as unknown as SessionUser)

    expect(queryClient.getQueryData(ownProfileKey)).toBe(user)
    expect(queryClient.getQueryData(sessionKey)).toEqual({ user })
    // Nothing is read again while the player is still on the page...
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(onScreen).toHaveBeenCalledTimes(1)
    expect(offScreen).toHaveBeenCalledTimes(1)
    // ...but both are stale, so the next view that shows them reads them again.
    expect(queryClient.getQueryState(['venues'])?.isInvalidated).toBe(true)
    expect(queryClient.getQueryState(['connections', 'friends'])?.isInvalidated).toBe(true)
    expect(queryClient.getQueryState(sessionKey)?.isInvalidated).toBe(false)
    unsubscribe()
    queryClient.clear()
  })
})
