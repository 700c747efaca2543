import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'

// Every venue in use, in every state (the player's "plays at" picker on Profile Settings searches
// them). A module of its own, light: a navigation to Profile Settings asks for it with the tap
// (app/more-page-answers.ts).
export const allVenuesQuery = () =>
  queryOptions({
    queryKey: ['venues', 'all'],
    queryFn: ({ signal }) => api.get('/venues', { query: {}, signal }),
    staleTime: 5 * 60_000,
  })
