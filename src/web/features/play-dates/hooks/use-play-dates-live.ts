import { useQueryClient } from '@tanstack/react-query'
import { useLiveEvent } from '../../../lib/live-events'
import { playDateKeys } from '../api/play-dates.queries'

// A 'playdate' event (a chat message, an application, a status change) makes the PlayDates on
// screen refetch through the live-events table. After the stream was down ('resync') some may
// have been missed: PlayDates pages on screen fetch again too.
export function usePlayDatesResync() {
  const queryClient = useQueryClient()
  useLiveEvent((event) => {
    if (event.type === 'resync') void queryClient.invalidateQueries({ queryKey: playDateKeys.all })
  })
}
