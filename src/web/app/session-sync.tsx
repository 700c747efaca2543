import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { forgetUser } from '../features/auth'
import { onApiError } from '../lib/api-client'

// When the server says the session is gone (expired, revoked, paused), the browser forgets the
// user at once: the guards then send them away from signed-in pages.
export function SessionSync() {
  const queryClient = useQueryClient()
  useEffect(() => {
    const stop = onApiError((error) => {
      if (error.status !== 401) return
      forgetUser(queryClient)
    })
    return () => {
      stop()
    }
  }, [queryClient])
  return null
}
