import { MutationObserver, QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { outcome } from './outcome'

// A mutation whose caller is taken away (unmounted: its observer unsubscribed) before the
// answer arrives.
function unmountedMidway<T>(answer: () => Promise<T>) {
  const observer = new MutationObserver<T, Error, void>(new QueryClient(), { mutationFn: answer })
  const unsubscribe = observer.subscribe(() => undefined)
  return { observer, unmount: unsubscribe }
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('a mutation outcome', () => {
  it('is told after the caller is gone, where mutate’s own callbacks are dropped', async () => {
    const told: string[] = []
    let answer!: (value: string) => void
    const reply = () => new Promise<string>((resolve) => (answer = resolve))

    const first = unmountedMidway(reply)
    void first.observer.mutate(undefined, { onSuccess: () => told.push('mutate') })
    first.unmount()
    await tick()
    answer('ok')

    const second = unmountedMidway(reply)
    outcome(second.observer.mutate(), {
      onSuccess: (data) => told.push(`outcome ${data}`),
      onSettled: () => told.push('settled'),
    })
    second.unmount()
    await tick()
    answer('ok')

    await tick()
    expect(told).toEqual(['outcome ok', 'settled'])
  })

  it('tells a failure as an error, not an unhandled rejection', async () => {
    const errors: string[] = []
    outcome(Promise.reject(new Error('That PlayDate is gone')), {
      onError: (error) => errors.push(error.message),
    })
    await tick()
    expect(errors).toEqual(['That PlayDate is gone'])
  })
})
