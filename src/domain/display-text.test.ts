import { describe, expect, it } from 'vitest'
import { signUpInput } from './auth/auth.schema'
import { manualEntryInput } from './partner-lists/partner-list.schema'
import { messageInput } from './play-dates/play-date.schema'
import { playerInput } from './team-builder/player.schema'

// 'Dana' written to look like 'Dana' and read from right to left, with zero-width characters.
const disguised = 'Da\u200Bna\u202E\u2066\uFEFF'
const decomposed = 'Jose\u0301' // 'José' with a combining accent

describe('names', () => {
  it('drop zero-width and bidi control characters and come out in NFC, in every form', () => {
    const signUp = signUpInput.shape.firstName.parse(disguised)
    const entry = manualEntryInput.shape.firstName.parse(disguised)
    const player = playerInput.shape.firstName.parse(disguised)
    expect([signUp, entry, player]).toEqual(['Dana', 'Dana', 'Dana'])
    expect(signUpInput.shape.lastName.parse(decomposed)).toBe('Jos\u00E9')
  })

  it('made only of invisible characters are missing, with the field message', () => {
    const result = signUpInput.shape.firstName.safeParse('\u200B\u202E')
    expect(result.error?.issues[0]?.message).toBe('First name is required')
  })
})

describe('chat messages', () => {
  it('lose bidi overrides and isolates, and keep zero-width joiners (emoji sequences)', () => {
    const family = '\u{1F468}\u200D\u{1F469}\u200D\u{1F467}'
    const parsed = messageInput.shape.content.parse(`see you \u202Eat 5\u202C ${family}`)
    expect(parsed).toBe(`see you at 5 ${family}`)
  })
})
