import { describe, expect, it } from 'vitest'
import { ApiError } from '../lib/api-client'
import { retryDelay, shouldRetry } from './query-client'

describe('query retries', () => {
  it('retries a network failure up to three times', () => {
    const error = new ApiError(0, 'unavailable', 'Network request failed: offline')
    expect([0, 1, 2, 3].map((count) => shouldRetry(count, error))).toEqual([true, true, true, false])
  })

  it('retries server errors', () => {
    expect(shouldRetry(0, new ApiError(500, 'internal', 'Boom'))).toBe(true)
    expect(shouldRetry(1, new ApiError(503, 'unavailable', 'Busy'))).toBe(true)
  })

  it('never retries a 4xx answer', () => {
    for (const status of [400, 401, 403, 404, 409, 429]) {
      expect(shouldRetry(0, new ApiError(status, 'invalid', 'No'))).toBe(false)
    }
  })

  it('does not retry errors that did not come from the API', () => {
    expect(shouldRetry(0, new TypeError('x is undefined'))).toBe(false)
  })

  it('waits 1000 ms, then doubles the wait each time', () => {
    expect([0, 1, 2].map(retryDelay)).toEqual([1000, 2000, 4000])
  })
})
