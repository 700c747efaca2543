import { describe, expect, it } from 'vitest'
import { createTitleStack } from './title-stack'

const setup = () => {
  const written: string[] = []
  const stack = createTitleStack((title) => written.push(title), 'Fallback')
  return { stack, current: () => written.at(-1) }
}

describe('title stack', () => {
  it('shows the route title when nothing else asks', () => {
    const { stack, current } = setup()
    stack.claim('Dashboard', 'route')
    expect(current()).toBe('Dashboard')
  })

  it('lets a page title win over the route title, whatever the order of the claims', () => {
    const { stack, current } = setup()
    stack.claim('Jane Doe | Public Profile', 'page')
    stack.claim('Profile Settings', 'route')
    expect(current()).toBe('Jane Doe | Public Profile')
  })

  it('falls back to the route title when the page lets go', () => {
    const { stack, current } = setup()
    stack.claim('PlayDate Details', 'route')
    const release = stack.claim('Custom', 'page')
    release()
    expect(current()).toBe('PlayDate Details')
  })

  it('prefers the latest claim among equals and shows the fallback when all are released', () => {
    const { stack, current } = setup()
    const first = stack.claim('Home', 'route')
    const second = stack.claim('Dashboard', 'route')
    expect(current()).toBe('Dashboard')
    second()
    first()
    expect(current()).toBe('Fallback')
  })
})
