import { QueryClient } from '@tanstack/react-query'
import { isApiError } from '../lib/api-client'

export const MAX_RETRIES = 3
const FIRST_RETRY_DELAY_MS = 1000

// Only failures that may pass on their own are retried: the network, or the server's 5xx.
// A 4xx says the request itself is wrong, so asking again would give the same answer.
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_RETRIES) return false
  if (!isApiError(error)) return false
  return error.status === 0 || error.status >= 500
}

// 1000 ms, then 2000 ms, then 4000 ms.
export const retryDelay = (attemptIndex: number) => FIRST_RETRY_DELAY_MS * 2 ** attemptIndex

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, retryDelay, refetchOnWindowFocus: true },
      mutations: { retry: false },
    },
  })
}
