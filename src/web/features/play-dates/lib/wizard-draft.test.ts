import { describe, expect, it } from 'vitest'
import { startTooLate, startTooSoon } from '../../../../domain/play-dates/schedule'
import {
  amountNote,
  amountTitle,
  firstMissingDetailsStep,
  firstMissingStep,
  initialRegions,
  nextSaturday,
  parseAmount,
  parseDetailsStep,
  readDraft,
  startFieldError,
  stateOrDefault,
  toggleRegion,
  WIZARD_STORAGE_KEY,
  writeDraft,
} from './wizard-draft'

function memoryStorage() {
  const items = new Map<string, string>()
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  }
}

describe('the Create PlayDate wizard draft', () => {
  it('sends a deep link to the first step whose choice is missing', () => {
    expect(firstMissingStep({}, 'details')).toBe('type')
    expect(firstMissingStep({ type: 'earn' }, 'region')).toBe('state')
    expect(firstMissingStep({ type: 'earn', state: 'AZ' }, 'details')).toBe('region')
    expect(firstMissingStep({ type: 'earn', state: 'AZ', regions: [] }, 'details')).toBe('region')
    expect(firstMissingStep({ type: 'earn', state: 'AZ', regions: ['tucson'] }, 'details')).toBeUndefined()
    expect(firstMissingStep({}, 'type')).toBeUndefined()
  })

  it('does not accept regions of another state', () => {
    expect(firstMissingStep({ type: 'challenge', state: 'TX', regions: ['tucson'] }, 'details')).toBe(
      'region',
    )
    expect(
      firstMissingStep({ type: 'challenge', state: 'TX', regions: ['statewide'] }, 'details'),
    ).toBeUndefined()
  })

  it('asks for the partner before the amount and the amount before the description', () => {
    expect(firstMissingDetailsStep({}, 'description')).toBe('partner')
    expect(firstMissingDetailsStep({ partnerId: 'p' }, 'description')).toBe('amount')
    expect(firstMissingDetailsStep({ partnerId: 'p', amount: 0 }, 'description')).toBe('amount')
    expect(firstMissingDetailsStep({ partnerId: 'p', amount: 30 }, 'description')).toBe('description')
    expect(firstMissingDetailsStep({ partnerId: 'p' }, 'amount')).toBe('amount')
    expect(parseDetailsStep('amount')).toBe('amount')
    expect(parseDetailsStep('nonsense')).toBe('partner')
    expect(parseDetailsStep(null)).toBe('partner')
  })

  it('turns the amount into whole dollars and anything else into 0', () => {
    expect(parseAmount('25')).toBe(25)
    expect(parseAmount('32.9')).toBe(32)
    expect(parseAmount('')).toBe(0)
    expect(parseAmount('abc')).toBe(0)
    expect(parseAmount('-10')).toBe(0)
  })

  it('preselects Statewide outside Arizona and keeps the first picked region first', () => {
    expect(initialRegions('AZ')).toEqual([])
    expect(initialRegions('FL')).toEqual(['statewide'])
    expect(toggleRegion(['tucson'], 'yuma')).toEqual(['tucson', 'yuma'])
    expect(toggleRegion(['tucson', 'yuma'], 'tucson')).toEqual(['yuma'])
  })

  it("starts from the player's home state and region when the profile has them", () => {
    const home = { homeState: 'AZ' as const, homeRegion: 'tucson' }
    expect(stateOrDefault({}, home)).toBe('AZ')
    expect(stateOrDefault({}, { homeState: 'TX', homeRegion: 'statewide' })).toBe('TX')
    expect(stateOrDefault({ state: 'FL' }, home)).toBe('FL')
    expect(stateOrDefault({}, { homeState: null, homeRegion: null })).toBe('AZ')
    expect(stateOrDefault({})).toBe('AZ')
    expect(initialRegions('AZ', home)).toEqual(['tucson'])
    // Another state than home starts as it would without one.
    expect(initialRegions('AZ', { homeState: 'TX', homeRegion: 'statewide' })).toEqual([])
    expect(initialRegions('UT', home)).toEqual(['statewide'])
    // A home region the state does not have is no choice.
    expect(initialRegions('AZ', { homeState: 'AZ', homeRegion: 'miami' })).toEqual([])
  })

  it('words the amount for paying and for earning', () => {
    expect(amountTitle('challenge')).toBe('Amount to Pay (per hour)')
    expect(amountTitle('earn')).toBe('Amount to Earn (per hour)')
    expect(amountNote('challenge')).toContain('you and your partner pay')
    expect(amountNote('earn')).toContain('pays you and your partner')
  })

  it('survives a reload through storage and is forgotten when emptied', () => {
    const storage = memoryStorage()
    writeDraft(storage, { type: 'earn', state: 'UT', regions: ['statewide'], amount: 40 })
    expect(readDraft(storage)).toEqual({ type: 'earn', state: 'UT', regions: ['statewide'], amount: 40 })
    writeDraft(storage, {})
    expect(storage.items.has(WIZARD_STORAGE_KEY)).toBe(false)
    expect(readDraft(storage)).toEqual({})
  })

  it('ignores a stored draft that is damaged or of another shape', () => {
    const storage = memoryStorage()
    storage.setItem(WIZARD_STORAGE_KEY, '{not json')
    expect(readDraft(storage)).toEqual({})
    storage.setItem(WIZARD_STORAGE_KEY, JSON.stringify({ type: 'teach', state: 'NY' }))
    expect(readDraft(storage)).toEqual({})
    expect(readDraft(undefined)).toEqual({})
  })
})

describe('the default start', () => {
  it('is the coming Saturday in the PlayDate’s zone, a week on when it is Saturday already', () => {
    // Wednesday, November 25, 2026.
    expect(nextSaturday(new Date('2026-11-25T18:00:00Z'), 'America/Phoenix')).toBe('2026-11-28')
    // Saturday morning in Phoenix.
    expect(nextSaturday(new Date('2026-11-28T16:00:00Z'), 'America/Phoenix')).toBe('2026-12-05')
    // Friday 11 PM in Phoenix is already Saturday in New York.
    expect(nextSaturday(new Date('2026-11-28T06:00:00Z'), 'America/Phoenix')).toBe('2026-11-28')
    expect(nextSaturday(new Date('2026-11-28T06:00:00Z'), 'America/New_York')).toBe('2026-12-05')
  })
})

describe('a start checked where it is entered', () => {
  // Wednesday, November 25, 2026, 10:00 AM in Phoenix.
  const now = new Date('2026-11-25T17:00:00Z')
  const at = (startDate: string, startTime: string) => ({ startDate, startTime, timeZone: 'America/Phoenix' })

  it('says a day already past under the date', () => {
    expect(startFieldError(at('2026-11-24', '18:00'), now)).toEqual({
      field: 'startDate',
      message: startTooSoon,
    })
  })

  it('says a time already past today, or too soon, under the time', () => {
    expect(startFieldError(at('2026-11-25', '09:00'), now)).toEqual({
      field: 'startTime',
      message: startTooSoon,
    })
    expect(startFieldError(at('2026-11-25', '10:15'), now)).toEqual({
      field: 'startTime',
      message: startTooSoon,
    })
    expect(startFieldError(at('2026-11-25', '10:30'), now)).toBeNull()
  })

  it('takes the day in the PlayDate’s own zone', () => {
    // 10:00 AM in Phoenix is already noon in New York: 11:00 AM there has passed, today.
    const ny = { startDate: '2026-11-25', startTime: '11:00', timeZone: 'America/New_York' }
    expect(startFieldError(ny, now)).toEqual({ field: 'startTime', message: startTooSoon })
  })

  it('says a day too far ahead under the date, and nothing for a coming day', () => {
    expect(startFieldError(at('2027-03-01', '08:00'), now)).toEqual({
      field: 'startDate',
      message: startTooLate,
    })
    expect(startFieldError(at('2026-11-28', '08:00'), now)).toBeNull()
  })
})
