import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'

// Two of Profile Settings' switches, each read as the page opens. A module of its own, light: a
// navigation to Profile Settings asks for them with the tap (app/more-page-answers.ts), before the
// page's own files have arrived.

// Whether other players see the birthdate and ZIP code (docs/decisions/0160).
export const profilePrivacyKey = ['profiles', 'me', 'privacy'] as const

export const profilePrivacyQuery = () =>
  queryOptions({
    queryKey: profilePrivacyKey,
    queryFn: ({ signal }) => api.get('/profiles/me/privacy', { signal }),
  })

// "Available as a sub" (docs/decisions/0152-waitlist-drop-outs-and-subs.md).
export const subAvailabilityKey = ['profiles', 'me', 'sub-availability'] as const

export const subAvailabilityQuery = () =>
  queryOptions({
    queryKey: subAvailabilityKey,
    queryFn: ({ signal }) => api.get('/profiles/me/sub-availability', { signal }),
  })
