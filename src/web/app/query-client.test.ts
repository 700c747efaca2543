import { MutationObserver, QueryObserver, onlineManager } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '../lib/api-client'
import { OFFLINE_WRITE_MESSAGE } from '../lib/offline'
import { createQueryClient, JUST_FETCHED_MS, retryDelay, shouldRetry } from './query-client'

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

describe('invalidating a query whose first answer is still on its way', () => {
  // A list asked for under a new filter, and a write that lands before its answer: the answer
  // may have been read before the write, so it must not be the one shown.
  function pendingAnswers() {
    const answers: Array<(value: string) => void> = []
    const queryFn = vi.fn(() => new Promise<string>((resolve) => answers.push(resolve)))
    return { answers, queryFn }
  }

  it('asks again, and the answer from before the write is not shown', async () => {
    const client = createQueryClient()
    const { answers, queryFn } = pendingAnswers()
    const observer = new QueryObserver(client, { queryKey: ['list', 'new filter'], queryFn })
    const unsubscribe = observer.subscribe(() => undefined)
    expect(queryFn).toHaveBeenCalledTimes(1)

    const invalidated = client.invalidateQueries({ queryKey: ['list'] })
    expect(queryFn).toHaveBeenCalledTimes(2)
    answers[0]!('read before the write')
    answers[1]!('read after the write')
    await invalidated
    expect(observer.getCurrentResult().data).toBe('read after the write')
    expect(client.getQueryData(['list', 'new filter'])).toBe('read after the write')
    unsubscribe()
  })

  it('leaves a query nobody shows to be fetched when it is shown', async () => {
    const client = createQueryClient()
    const { answers, queryFn } = pendingAnswers()
    const prefetch = client.prefetchQuery({ queryKey: ['list', 'prefetched'], queryFn })
    await client.invalidateQueries({ queryKey: ['list'] })
    expect(queryFn).toHaveBeenCalledTimes(1)
    answers[0]!('an answer')
    await prefetch
    expect(client.getQueryData(['list', 'prefetched'])).toBe('an answer')
  })
})

describe('a query a component starts showing', () => {
  afterEach(() => vi.useRealTimers())

  async function answeredQuery() {
    const client = createQueryClient()
    const queryFn = vi.fn(() => Promise.resolve('an answer'))
    const first = new QueryObserver(client, { queryKey: ['home'], queryFn })
    const unsubscribe = first.subscribe(() => undefined)
    await vi.waitFor(() => expect(first.getCurrentResult().data).toBe('an answer'))
    const mount = () => new QueryObserver(client, { queryKey: ['home'], queryFn }).subscribe(() => undefined)
    return { client, queryFn, mount, unsubscribe }
  }

  it('reads an answer fetched a moment ago instead of asking again', async () => {
    const { queryFn, mount } = await answeredQuery()
    mount()
    expect(queryFn).toHaveBeenCalledTimes(1)
  })

  it('asks again once the answer is older', async () => {
    const { queryFn, mount } = await answeredQuery()
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(Date.now() + JUST_FETCHED_MS)
    mount()
    expect(queryFn).toHaveBeenCalledTimes(2)
  })

  it('asks again when the answer was invalidated, however fresh', async () => {
    const { client, queryFn, mount, unsubscribe } = await answeredQuery()
    unsubscribe()
    await client.invalidateQueries({ queryKey: ['home'] })
    expect(queryFn).toHaveBeenCalledTimes(1)
    mount()
    expect(queryFn).toHaveBeenCalledTimes(2)
  })
})

describe('a read while the browser says it is offline', () => {
  afterEach(() => onlineManager.setOnline(true))

  // The guess is wrong on some networks: the read goes out anyway, and its page shows its answer.
  it('is asked for at once, not held until the browser says it is online', async () => {
    onlineManager.setOnline(false)
    const client = createQueryClient()
    const queryFn = vi.fn(() => Promise.resolve('an answer'))
    const observer = new QueryObserver(client, { queryKey: ['play-dates', 'detail', 'one'], queryFn })
    const unsubscribe = observer.subscribe(() => undefined)
    expect(queryFn).toHaveBeenCalledTimes(1)
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toBe('an answer'))
    unsubscribe()
  })

  it('waits for the network before it tries again, once it has failed', async () => {
    onlineManager.setOnline(false)
    vi.useFakeTimers()
    try {
      const client = createQueryClient()
      const failure = new ApiError(0, 'unavailable', 'Network request failed: Failed to fetch')
      const queryFn = vi.fn(() => Promise.reject(failure))
      const observer = new QueryObserver(client, { queryKey: ['home'], queryFn })
      const unsubscribe = observer.subscribe(() => undefined)
      await vi.advanceTimersByTimeAsync(10 * retryDelay(0))
      expect(queryFn).toHaveBeenCalledTimes(1)
      expect(observer.getCurrentResult().fetchStatus).toBe('paused')
      unsubscribe()
    } finally {
      vi.useRealTimers()
    }
  })
})

describe('a write without a network', () => {
  afterEach(() => onlineManager.setOnline(true))

  it('is refused at once with a message that it needs a connection, and never sent later', async () => {
    onlineManager.setOnline(false)
    const client = createQueryClient()
    const mutationFn = vi.fn(() => Promise.resolve('sent'))
    const onError = vi.fn()
    const observer = new MutationObserver(client, { mutationFn, onError })
    await expect(observer.mutate('hello')).rejects.toMatchObject({
      status: 0,
      code: 'unavailable',
      message: OFFLINE_WRITE_MESSAGE,
    })
    expect(onError).toHaveBeenCalledTimes(1)
    onlineManager.setOnline(true)
    await Promise.resolve()
    expect(mutationFn).not.toHaveBeenCalled()
    expect(
      client
        .getMutationCache()
        .getAll()
        .every((m) => !m.state.isPaused),
    ).toBe(true)
  })

  it('is sent when the browser says it is online', async () => {
    const client = createQueryClient()
    const observer = new MutationObserver(client, { mutationFn: (text: string) => Promise.resolve(text) })
    await expect(observer.mutate('hello')).resolves.toBe('hello')
  })

  it('fails as it is sent when the network fails, without waiting', async () => {
    const client = createQueryClient()
    const failure = new ApiError(0, 'unavailable', 'Network request failed: Failed to fetch')
    const observer = new MutationObserver(client, { mutationFn: () => Promise.reject(failure) })
    await expect(observer.mutate()).rejects.toBe(failure)
  })
})
