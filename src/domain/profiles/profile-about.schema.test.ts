import { describe, expect, it } from 'vitest'
import { profileAboutInput } from './profile-about.schema'

const venue = '3f0c2a4e-8d1b-4c5e-9a7f-1b2c3d4e5f60'
const bioOf = (bio: unknown) => profileAboutInput.parse({ bio, venueIds: [] }).bio
const messagesOf = (input: unknown) =>
  profileAboutInput.safeParse(input).error?.issues.map((issue) => [issue.path.join('.'), issue.message])

describe('bio and plays at', () => {
  it('a bio is trimmed, keeps its line breaks as one kind, and loses bidi controls', () => {
    expect(bioOf('  Early riser.\r\nLefty.  ')).toBe('Early riser.\nLefty.')
    expect(bioOf('Dink \u202Efast\u202C 🥒')).toBe('Dink fast 🥒')
  })

  it('a bio of nothing but spaces, an empty one and null are no bio', () => {
    expect(bioOf('   ')).toBeNull()
    expect(bioOf('')).toBeNull()
    expect(bioOf(null)).toBeNull()
  })

  it('160 characters fit, after trimming; 161 do not', () => {
    expect(bioOf(` ${'a'.repeat(160)} `)).toHaveLength(160)
    expect(messagesOf({ bio: 'a'.repeat(161), venueIds: [] })).toEqual([
      ['bio', 'Your bio can be at most 160 characters'],
    ])
  })

  it('every problem with the venues is reported on the list itself', () => {
    expect(messagesOf({ bio: null, venueIds: Array(6).fill(venue) })).toEqual([
      ['venueIds', 'Choose at most 5 venues'],
    ])
    expect(messagesOf({ bio: null, venueIds: [venue, venue] })).toEqual([
      ['venueIds', 'Each venue can be chosen once'],
    ])
    expect(messagesOf({ bio: null, venueIds: ['kiwanis'] })).toEqual([
      ['venueIds', 'One of these venues is no longer on the list. Remove it and save again.'],
    ])
  })
})
