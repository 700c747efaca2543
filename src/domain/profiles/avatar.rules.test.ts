import { describe, expect, it } from 'vitest'
import { AVATAR_COLOURS, avatarColour, avatarInitials } from './avatar.rules'

// WCAG 2.x relative luminance and contrast ratio.
const channel = (value: number) => {
  const c = value / 255
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
}
const luminance = (hex: string) => {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16))
  return 0.2126 * channel(r!) + 0.7152 * channel(g!) + 0.0722 * channel(b!)
}
const contrastWithWhite = (hex: string) => 1.05 / (luminance(hex) + 0.05)

describe('avatar initials', () => {
  it('are the first letters of the first and last name, in capitals', () => {
    expect(avatarInitials({ firstName: 'sarah', lastName: 'johnson' })).toBe('SJ')
    expect(avatarInitials({ firstName: '  Émile ', lastName: ' Zola' })).toBe('ÉZ')
  })

  it('keep a letter outside the basic plane whole', () => {
    expect(avatarInitials({ firstName: '𝒜da', lastName: 'Lovelace' })).toBe('𝒜L')
  })

  it('fall back to a question mark when there is no name to read', () => {
    expect(avatarInitials({ firstName: ' ', lastName: '' })).toBe('?')
  })
})

describe('avatar colour', () => {
  it('is the same for the same name, however it is spaced or capitalised', () => {
    const colour = avatarColour({ firstName: 'Sarah', lastName: 'Johnson' })
    expect(avatarColour({ firstName: ' sarah', lastName: 'JOHNSON ' })).toBe(colour)
    expect(AVATAR_COLOURS).toContain(colour)
  })

  it('spreads names over the palette', () => {
    const names = ['Ann', 'Ben', 'Cleo', 'Dev', 'Eli', 'Fay', 'Gus', 'Hal', 'Ivy', 'Jo', 'Kai', 'Lu']
    const colours = new Set(names.map((firstName) => avatarColour({ firstName, lastName: 'Smith' })))
    expect(colours.size).toBeGreaterThanOrEqual(6)
  })

  it('every colour carries white text at WCAG AA contrast (4.5:1)', () => {
    for (const colour of AVATAR_COLOURS) {
      expect(contrastWithWhite(colour), colour).toBeGreaterThanOrEqual(4.5)
    }
  })
})
