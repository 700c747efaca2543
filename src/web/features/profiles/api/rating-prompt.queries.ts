import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type {
  RatingCheckOutput,
  RatingsInput,
  RatingsOutput,
} from '../../../../domain/profiles/ratings.schema'
import { api } from '../../../lib/api-client'

export const ratingCheckKey = ['rating-check'] as const

// Asked once per visit: the answer only changes when the player acts on the prompt.
export function useRatingCheck() {
  return useQuery({
    queryKey: ratingCheckKey,
    queryFn: () => api.get<RatingCheckOutput>('/profiles/me/rating-check'),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    retry: false,
  })
}

export function useSkipRatingPrompt() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => api.post<void>('/profiles/me/rating-check/skip'),
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
    mutationFn: (input: RatingsInput) => api.put<RatingsOutput>('/profiles/me/ratings', input),
    onSuccess: (ratings) => {
      queryClient.setQueryData<RatingCheckOutput>(ratingCheckKey, {
        updateNeeded: false,
        duprRating: ratings.duprRating,
        selfRating: ratings.selfRating,
      })
      // The session carries the player's ratings.
      return queryClient.invalidateQueries({ queryKey: ['auth'] })
    },
  })
}
