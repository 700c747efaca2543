import { describe, expect, it } from 'vitest'
import { tabKeyTarget } from './tab-keys'

describe('tab strip keys', () => {
  it('move to the next and previous tab, wrapping around at both ends', () => {
    expect(tabKeyTarget('ArrowRight', 0, 3)).toBe(1)
    expect(tabKeyTarget('ArrowRight', 2, 3)).toBe(0)
    expect(tabKeyTarget('ArrowLeft', 1, 3)).toBe(0)
    expect(tabKeyTarget('ArrowLeft', 0, 3)).toBe(2)
  })

  it('jump to the first and last tab with Home and End', () => {
    expect(tabKeyTarget('Home', 2, 4)).toBe(0)
    expect(tabKeyTarget('End', 0, 4)).toBe(3)
  })

  it('leave every other key to the browser', () => {
    for (const key of ['Enter', ' ', 'Tab', 'ArrowUp', 'ArrowDown', 'a'])
      expect(tabKeyTarget(key, 1, 3)).toBeNull()
    expect(tabKeyTarget('ArrowRight', 0, 0)).toBeNull()
  })
})
