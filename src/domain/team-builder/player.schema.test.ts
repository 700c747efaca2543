import { describe, expect, it } from 'vitest'
import { playerInput, profileSearchInput } from './player.schema'

const valid = {
  firstName: 'Carol',
  lastName: 'Jensen',
  gender: 'female',
  duprRating: '3.6',
  ageGroup: '50_or_over',
}

const messages = (input: unknown) => {
  const result = playerInput.safeParse(input)
  if (result.success) return {}
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]))
}

describe('player input', () => {
  it('accepts a complete player and trims names', () => {
    const result = playerInput.parse({ ...valid, firstName: '  Carol ', duprId: 'cj4821' })
    expect(result).toEqual({
      firstName: 'Carol',
      lastName: 'Jensen',
      gender: 'female',
      duprRating: 3.6,
      ageGroup: '50_or_over',
      duprId: 'cj4821',
      profileId: null,
    })
  })

  it('defaults the age group to under 50', () => {
    expect(playerInput.parse({ ...valid, ageGroup: undefined }).ageGroup).toBe('under_50')
    expect(playerInput.parse({ ...valid, ageGroup: '' }).ageGroup).toBe('under_50')
  })

  it('requires names, gender and DUPR with the spec messages', () => {
    expect(messages({ firstName: ' ', lastName: '', gender: '', duprRating: '' })).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      gender: 'Gender is required',
      duprRating: 'DUPR rating is required',
    })
  })

  it('keeps DUPR between 2 and 7', () => {
    expect(messages({ ...valid, duprRating: '1.99' })).toEqual({ duprRating: 'Rating must be at least 2.00' })
    expect(messages({ ...valid, duprRating: 7.01 })).toEqual({ duprRating: 'Rating must be at most 7.00' })
    expect(playerInput.parse({ ...valid, duprRating: '2' }).duprRating).toBe(2)
    expect(playerInput.parse({ ...valid, duprRating: 7 }).duprRating).toBe(7)
  })

  it('refuses an unknown age group', () => {
    expect(messages({ ...valid, ageGroup: 'senior' })).toEqual({ ageGroup: 'Age group is required' })
  })

  it('stores an empty DUPR ID as null', () => {
    expect(playerInput.parse({ ...valid, duprId: '' }).duprId).toBeNull()
    expect(playerInput.parse({ ...valid, duprId: '   ' }).duprId).toBeNull()
    expect(playerInput.parse({ ...valid, duprId: null }).duprId).toBeNull()
    expect(playerInput.parse(valid).duprId).toBeNull()
  })

  it.each(['ABC12', 'ABC1234', 'AB-123', 'ABC 12', 'ÄBC123'])('refuses the DUPR ID %s', (duprId) => {
    expect(messages({ ...valid, duprId })).toEqual({ duprId: 'Must be 6 characters (letters and numbers)' })
  })

  it('accepts a linked profile id and refuses anything else', () => {
    const id = '0b7d3a4e-8a3c-4f59-9d1e-2f4b6c8d0e1a'
    expect(playerInput.parse({ ...valid, profileId: id }).profileId).toBe(id)
    expect(playerInput.parse({ ...valid, profileId: '' }).profileId).toBeNull()
    expect(messages({ ...valid, profileId: 'not-an-id' })).toEqual({ profileId: 'Profile not found' })
  })
})

describe('profile search input', () => {
  it('starts at 2 characters after trimming', () => {
    expect(profileSearchInput.safeParse({ q: ' a ' }).success).toBe(false)
    expect(profileSearchInput.parse({ q: ' al ' }).q).toBe('al')
  })
})
