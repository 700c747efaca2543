import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

// A new version of the app announces itself and waits for the player's Reload: it never swaps
// the page under someone filling in a form.

type Listener = () => void
const workbox = vi.hoisted(() => ({
  listeners: new Map<string, Listener[]>(),
  messageSkipWaiting: vi.fn(),
  registration: { waiting: {} as object | null },
}))
vi.mock('workbox-window', () => ({
  Workbox: class {
    addEventListener(type: string, listener: Listener) {
      workbox.listeners.set(type, [...(workbox.listeners.get(type) ?? []), listener])
    }
    messageSkipWaiting() {
      workbox.messageSkipWaiting()
    }
    register() {
      return Promise.resolve(workbox.registration)
    }
  },
}))
const toast = vi.hoisted(() => ({ message: vi.fn() }))
vi.mock('../lib/toast', () => ({ toast }))

const emit = (type: string) => {
  for (const listener of workbox.listeners.get(type) ?? []) listener()
}
const reload = vi.fn()

beforeEach(() => {
  workbox.listeners.clear()
  workbox.messageSkipWaiting.mockClear()
  workbox.registration.waiting = {}
  toast.message.mockClear()
  reload.mockClear()
  vi.stubGlobal('window', { location: { reload } })
})
afterEach(() => vi.unstubAllGlobals())

async function registered() {
  const { registerServiceWorker } = await import('./service-worker')
  registerServiceWorker()
  await new Promise((resolve) => setTimeout(resolve, 0))
}

interface UpdateToast {
  description: string
  duration: number
  action: { label: string; onClick: () => void }
}
const shownToast = () => {
  const [title, options] = toast.message.mock.calls[0] as [string, UpdateToast]
  return { title, options }
}

describe('a new version of the app', () => {
  it('says "Update available" with a Reload button, and stays until the player acts', async () => {
    await registered()
    expect(toast.message).not.toHaveBeenCalled()
    emit('waiting')
    const { title, options } = shownToast()
    expect(title).toBe('Update available')
    expect(options.description).toBe('A new version of PickleMatch is ready.')
    expect(options.action.label).toBe('Reload')
    expect(options.duration).toBe(Number.POSITIVE_INFINITY)
    expect(reload).not.toHaveBeenCalled()
  })

  it('takes over only when Reload is tapped, and reloads once the new version is in charge', async () => {
    await registered()
    emit('waiting')
    shownToast().options.action.onClick()
    expect(workbox.messageSkipWaiting).toHaveBeenCalledOnce()
    expect(reload).not.toHaveBeenCalled()
    emit('controlling')
    expect(reload).toHaveBeenCalledOnce()
  })

  it('only reloads when another tab already put the new version in charge', async () => {
    await registered()
    emit('waiting')
    workbox.registration.waiting = null
    shownToast().options.action.onClick()
    expect(workbox.messageSkipWaiting).not.toHaveBeenCalled()
    expect(reload).toHaveBeenCalledOnce()
  })
})
