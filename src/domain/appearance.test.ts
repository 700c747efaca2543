import { describe, expect, it } from 'vitest'
import { appearanceOf, appearanceScript, themeColors, themeOf } from './appearance'

// Runs the head's script against a stand-in for the browser: what it keeps, the device's setting.
function runScript(stored: string | null, systemIsDark: boolean, storageFails = false) {
  const root = { dataset: {} as Record<string, string> }
  const metas = [{ content: '' }, { content: '' }]
  const localStorage = {
    getItem: (key: string) => {
      if (storageFails) throw new Error('SecurityError')
      return key === 'picklematch:appearance' ? stored : null
    },
  }
  const matchMedia = (query: string) => ({
    matches: query === '(prefers-color-scheme: dark)' && systemIsDark,
  })
  const document = {
    documentElement: root,
    querySelectorAll: (selector: string) => (selector === 'meta[name=theme-color]' ? metas : []),
  }
  new Function('localStorage', 'matchMedia', 'document', appearanceScript)(localStorage, matchMedia, document)
  return { theme: root.dataset.theme, themeColors: metas.map((meta) => meta.content) }
}

describe('appearance', () => {
  it('is System unless the device kept Light or Dark', () => {
    expect(appearanceOf(null)).toBe('system')
    expect(appearanceOf('sepia')).toBe('system')
    expect(appearanceOf('light')).toBe('light')
    expect(appearanceOf('dark')).toBe('dark')
  })

  it('System follows the device; Light and Dark do not', () => {
    expect(themeOf('system', true)).toBe('dark')
    expect(themeOf('system', false)).toBe('light')
    expect(themeOf('light', true)).toBe('light')
    expect(themeOf('dark', false)).toBe('dark')
  })

  it('the head’s script picks the theme the app picks, and the theme colour with it', () => {
    for (const stored of [null, 'light', 'dark', 'other']) {
      for (const systemIsDark of [false, true]) {
        const theme = themeOf(appearanceOf(stored), systemIsDark)
        expect(runScript(stored, systemIsDark), `${stored} ${systemIsDark}`).toEqual({
          theme,
          themeColors: [themeColors[theme], themeColors[theme]],
        })
      }
    }
  })

  it('the head’s script follows the device when storage is refused', () => {
    expect(runScript('light', true, true).theme).toBe('dark')
  })
})
