import { describe, expect, it } from 'vitest'
import { hasSameName, inviteLink, isAlreadyInList, isFullOrder } from './partner-list.rules'
import { createListInput, manualEntryInput, reorderInput, updateEntryInput } from './partner-list.schema'

const friend = { id: 'f1', firstName: 'Ann', lastName: 'Lee' }

describe('isAlreadyInList', () => {
  it('finds a friend linked by platform user', () => {
    expect(isAlreadyInList([{ platformUserId: 'f1', firstName: 'X', lastName: 'Y' }], friend)).toBe(true)
  })

  it('finds a friend by the same first and last name, ignoring case and spaces', () => {
    expect(isAlreadyInList([{ platformUserId: null, firstName: ' ann ', lastName: 'LEE' }], friend)).toBe(
      true,
    )
  })

  it('does not match another person', () => {
    expect(isAlreadyInList([{ platformUserId: 'f2', firstName: 'Ann', lastName: 'Leeds' }], friend)).toBe(
      false,
    )
    expect(hasSameName({ firstName: 'Ann', lastName: 'Lee' }, { firstName: 'Anna', lastName: 'Lee' })).toBe(
      false,
    )
  })
})

describe('isFullOrder', () => {
  it('accepts every entry exactly once in any order', () => {
    expect(isFullOrder(['b', 'a', 'c'], ['a', 'b', 'c'])).toBe(true)
  })

  it('refuses missing, extra, unknown or repeated entries', () => {
    expect(isFullOrder(['a', 'b'], ['a', 'b', 'c'])).toBe(false)
    expect(isFullOrder(['a', 'b', 'c', 'd'], ['a', 'b', 'c'])).toBe(false)
    expect(isFullOrder(['a', 'b', 'x'], ['a', 'b', 'c'])).toBe(false)
    expect(isFullOrder(['a', 'a', 'b'], ['a', 'b', 'c'])).toBe(false)
  })
})

describe('inviteLink', () => {
  it('puts the code in the path and the invitee in the query', () => {
    const link = inviteLink('https://pm.example/', 'abc123', {
      firstName: 'Jo Ann',
      lastName: "O'Neil",
      email: 'jo+1@example.com',
    })
    const url = new URL(link)
    expect(url.origin + url.pathname).toBe('https://pm.example/invite/abc123')
    expect(url.searchParams.get('firstName')).toBe('Jo Ann')
    expect(url.searchParams.get('lastName')).toBe("O'Neil")
    expect(url.searchParams.get('email')).toBe('jo+1@example.com')
  })
})

describe('input schemas', () => {
  it('trims the list name and refuses a blank one', () => {
    expect(createListInput.parse({ name: '  Nationals  ' })).toEqual({ name: 'Nationals' })
    expect(createListInput.safeParse({ name: '   ' }).error?.issues[0]?.message).toBe('List name is required')
    expect(createListInput.safeParse({ name: 'x'.repeat(101) }).success).toBe(false)
  })

  it('needs both names of a manual partner and a valid optional email', () => {
    expect(manualEntryInput.safeParse({ firstName: 'Jo', lastName: ' ' }).error?.issues[0]?.message).toBe(
      'Please enter both first and last name',
    )
    expect(manualEntryInput.parse({ firstName: ' Jo ', lastName: 'Bo', email: '' })).toEqual({
      firstName: 'Jo',
      lastName: 'Bo',
      email: undefined,
    })
    expect(
      manualEntryInput.safeParse({ firstName: 'Jo', lastName: 'Bo', email: 'nope' }).error?.issues[0]
        ?.message,
    ).toBe('Please enter a valid email address')
    expect(manualEntryInput.parse({ firstName: 'Jo', lastName: 'Bo', email: ' Jo@Example.COM ' }).email).toBe(
      'jo@example.com',
    )
  })

  it('tells an absent email from a removed one on update', () => {
    expect(updateEntryInput.parse({ status: 'maybe' })).toEqual({ status: 'maybe' })
    expect(updateEntryInput.parse({ status: 'confirmed' })).toEqual({ status: 'confirmed' })
    expect(updateEntryInput.parse({ email: '' })).toEqual({ email: null })
    expect(updateEntryInput.safeParse({}).success).toBe(false)
    expect(updateEntryInput.safeParse({ status: 'available' }).success).toBe(false)
    expect(updateEntryInput.safeParse({ notes: 'x'.repeat(2001) }).success).toBe(false)
  })

  it('refuses a reorder naming an entry twice', () => {
    const id = '6f1c2d40-3b9a-4c55-9d7e-8a1b2c3d4e5f'
    expect(reorderInput.safeParse({ entryIds: [id, id] }).success).toBe(false)
    expect(reorderInput.safeParse({ entryIds: [id] }).success).toBe(true)
  })
})
