import { describe, expect, it } from 'vitest'
import { isBusyPath } from './quiet-moment'

describe('busy pages', () => {
  it('are the ones with a chat or a form under way', () => {
    for (const path of [
      '/playdates/abc',
      '/create-playdate/details',
      '/profile',
      '/ai-referee',
      '/partner-lists/x',
    ])
      expect(isBusyPath(path)).toBe(true)
    for (const path of ['/dashboard', '/playdates', '/connections', '/notifications', '/profile/abc'])
      expect(isBusyPath(path)).toBe(false)
  })
})
