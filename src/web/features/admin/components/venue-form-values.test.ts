import { describe, expect, it } from 'vitest'
import { type Venue, venueInput } from '../../../../domain/venues/venue.schema'
import { regionForState, toVenueInput, type VenueFormValues, venueFormValues } from './venue-form-values'

const filled: VenueFormValues = {
  name: ' Desert Courts ',
  address: '100 E Main St',
  city: 'Mesa',
  state: 'AZ',
  region: 'east_valley',
  courts: '8',
  setting: 'outdoor',
  zipCode: '',
  latitude: '',
  longitude: '',
}

const venue: Venue = {
  id: 'v1',
  name: 'Desert Courts',
  address: '100 E Main St',
  city: 'Mesa',
  state: 'AZ',
  region: 'east_valley',
  courts: 8,
  setting: 'both',
  zipCode: null,
  latitude: 33.4152,
  longitude: -111.8315,
  timeZone: 'America/Phoenix',
  isDemo: false,
  retired: false,
}

// The schema's first message for each field, as the form shows them.
const messagesOf = (values: VenueFormValues) => {
  const result = venueInput.safeParse(toVenueInput(values))
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]))
}

describe('the venue form', () => {
  it('starts a new venue empty and outdoors', () => {
    expect(venueFormValues()).toEqual({
      name: '',
      address: '',
      city: '',
      state: '',
      region: '',
      courts: '',
      setting: 'outdoor',
      zipCode: '',
      latitude: '',
      longitude: '',
    })
  })

  it('starts an edit from the venue as it is, and sends it back unchanged', () => {
    const values = venueFormValues(venue)
    expect(values).toMatchObject({
      courts: '8',
      latitude: '33.4152',
      longitude: '-111.8315',
      setting: 'both',
    })
    const { id: _id, isDemo: _isDemo, retired: _retired, timeZone: _timeZone, ...input } = venue
    expect(venueInput.parse(toVenueInput(values))).toEqual(input)
  })

  it('sends a blank position as none, and trimmed numbers as numbers', () => {
    expect(venueInput.parse(toVenueInput({ ...filled, courts: ' 12 ' }))).toMatchObject({
      name: 'Desert Courts',
      courts: 12,
      latitude: null,
      longitude: null,
    })
  })

  it('shows the schema’s messages by the fields', () => {
    expect(
      messagesOf({ ...filled, name: '  ', state: '', region: '', courts: '', latitude: 'north' }),
    ).toEqual({
      name: 'Name is required',
      state: 'Choose a state',
      region: 'Choose a region',
      courts: 'Number of courts must be a whole number',
      latitude: 'Latitude must be a number',
    })
    expect(messagesOf({ ...filled, courts: '2.5' })).toEqual({
      courts: 'Number of courts must be a whole number',
    })
    expect(messagesOf({ ...filled, courts: '0' })).toEqual({ courts: 'A venue has at least one court' })
  })

  it('asks for both latitude and longitude, or neither', () => {
    expect(messagesOf({ ...filled, latitude: '33.4' })).toEqual({
      longitude: 'Give both latitude and longitude, or neither',
    })
    expect(messagesOf({ ...filled, latitude: '95', longitude: '-111.8' })).toEqual({
      latitude: 'Latitude must be between -90 and 90',
    })
  })

  it('asks for a region of the chosen state', () => {
    expect(messagesOf({ ...filled, state: 'TX', region: 'east_valley' })).toEqual({
      region: 'Choose a region of the chosen state',
    })
  })
})

describe('regionForState', () => {
  it('keeps a region the new state has', () => {
    expect(regionForState('AZ', 'tucson')).toBe('tucson')
  })

  it('picks the only region of a state with one', () => {
    expect(regionForState('TX', 'tucson')).toBe('statewide')
  })

  it('clears a region the new state does not have, or when no state is chosen', () => {
    expect(regionForState('AZ', 'statewide')).toBe('')
    expect(regionForState('', 'tucson')).toBe('')
  })
})
