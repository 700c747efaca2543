import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'

// Where the player's distances are measured from ("Home: Tempe, AZ"), beside the own profile:
// Profile Settings changes it, Available offers distances once there is one. A module of its own,
// light: a navigation to either asks for it with the tap (app/more-page-answers.ts).
export const homeLocationKey = ['profiles', 'me', 'location'] as const

export const homeLocationQuery = () =>
  queryOptions({
    queryKey: homeLocationKey,
    queryFn: ({ signal }) => api.get('/profiles/me/location', { signal }),
  })
