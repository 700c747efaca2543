import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'

// Whether the server sends push, and its key: read as Profile Settings opens. A module of its own,
// light: a navigation to Profile Settings asks for it with the tap (app/more-page-answers.ts).
export const pushConfigKey = ['push-config'] as const

export const pushConfigQuery = () =>
  queryOptions({
    queryKey: pushConfigKey,
    queryFn: ({ signal }) => api.get('/push/config', { signal }),
  })
