import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { RatingCheckOutput, RatingsInput } from '../../../../domain/profiles/ratings.schema'
import { api } from '../../../lib/api-client'
import { toast } from '../../../lib/toast'
import { ownProfileKey } from '../../auth'

export const ratingCheckKey = ['rating-check'] as const

// Asked once per visit: the answer only changes when the player acts on the prompt.
export function useRatingCheck() {
  return useQuery({
    queryKey: ratingCheckKey,
    queryFn: () => api.get('/profiles/me/rating-check'),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    retry: false,
  })
}

export function useSkipRatingPrompt() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => api.post('/profiles/me/rating-check/skip'),
    onMutate: () => {
      queryClient.setQueryData<RatingCheckOutput>(
        ratingCheckKey,
        (old) => old && { ...old, updateNeeded: false },
      )
    },
  })
}

export function useUpdateRatings() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: RatingsInput) => api.put('/profiles/me/ratings', { body: input }),
    onSuccess: (ratings) => {
      queryClient.setQueryData<RatingCheckOutput>(ratingCheckKey, {
        updateNeeded: false,
        duprRating: ratings.duprRating,
        selfRating: ratings.selfRating,
      })
      // Here, not in the form's own callback: saving closes the prompt, and a callback of a
      // component that is gone never runs.
      toast.success('Ratings updated successfully')
      // The session and the own profile (Profile Settings may be open under the prompt) carry
      // the player's ratings.
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: ['auth'] }),
        queryClient.invalidateQueries({ queryKey: ownProfileKey }),
      ])
    },
  })
}
