import { useMutation } from '@tanstack/react-query'
import type { z } from 'zod'
import type { askInput } from '../../../../domain/referee/referee.schema'
import { api } from '../../../lib/api-client'

export type AskPayload = z.input<typeof askInput>

// Not retried here: the server already tries the model three times.
export function useAskReferee() {
  return useMutation({
    mutationFn: (payload: AskPayload) => api.post('/referee/ask', { body: payload }),
  })
}
