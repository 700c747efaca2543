import { describe, expect, it } from 'vitest'
import {
  firstHomeArea,
  type HomePlace,
  homeAreaAfterMove,
  NO_HOME_AREA,
  regionOfHome,
} from './home-area.rules'

// ZIP code areas' centres, from the Census Gazetteer the server reads.
const place = (zipCode: string, latitude: number, longitude: number, state: HomePlace['state'] = 'AZ') => ({
  zipCode,
  latitude,
  longitude,
  state,
})
const TEMPE = place('85281', 33.4274, -111.934)
const DOWNTOWN_PHOENIX = place('85004', 33.4516, -112.0699)
const GLENDALE = place('85301', 33.5337, -112.1785)
const NORTH_PHOENIX = place('85087', 33.925, -112.1489)
const NORTH_SCOTTSDALE = place('85266', 33.7624, -111.9191)
const TUCSON = place('85701', 32.217, -110.9713)
const YUMA = place('85364', 32.7046, -114.6563)
const SEDONA = place('86336', 34.8785, -111.858)
const SHOW_LOW = place('85901', 34.3148, -110.024)
const MIAMI = place('33101', 25.7798, -80.1988, 'FL')

describe('the region of a home', () => {
  it('is the Phoenix area’s by the ZIP code there, where the towns are close together', () => {
    expect(regionOfHome('AZ', TEMPE)).toBe('east_valley')
    expect(regionOfHome('AZ', NORTH_SCOTTSDALE)).toBe('east_valley')
    expect(regionOfHome('AZ', DOWNTOWN_PHOENIX)).toBe('central_phoenix')
    // Nearer Glendale than downtown, but Phoenix.
    expect(regionOfHome('AZ', NORTH_PHOENIX)).toBe('central_phoenix')
    expect(regionOfHome('AZ', GLENDALE)).toBe('west_valley')
  })

  it('is the region with the nearest town elsewhere in Arizona', () => {
    expect(regionOfHome('AZ', TUCSON)).toBe('tucson')
    // 853 is the West Valley's first three digits, and Yuma's.
    expect(regionOfHome('AZ', YUMA)).toBe('yuma')
    expect(regionOfHome('AZ', SEDONA)).toBe('sedona')
    expect(regionOfHome('AZ', SHOW_LOW)).toBe('payson')
  })

  it('is Statewide in every other state', () => {
    expect(regionOfHome('FL', MIAMI)).toBe('statewide')
  })
})

describe('the home area after the home moves', () => {
  it('takes a first home’s state and region', () => {
    expect(homeAreaAfterMove(NO_HOME_AREA, TEMPE)).toEqual({ homeState: 'AZ', homeRegion: 'east_valley' })
    expect(homeAreaAfterMove(NO_HOME_AREA, MIAMI)).toEqual({ homeState: 'FL', homeRegion: 'statewide' })
  })

  it('follows a home to another state', () => {
    const arizona = { homeState: 'AZ', homeRegion: 'tucson' } as const
    expect(homeAreaAfterMove(arizona, MIAMI)).toEqual({ homeState: 'FL', homeRegion: 'statewide' })
  })

  it('keeps the region the player chose when the home moves within the state', () => {
    const chosen = { homeState: 'AZ', homeRegion: 'central_phoenix' } as const
    expect(homeAreaAfterMove(chosen, TEMPE)).toEqual(chosen)
    expect(homeAreaAfterMove(chosen, TUCSON)).toEqual(chosen)
  })

  it('changes nothing for a place in no known state, or none', () => {
    expect(homeAreaAfterMove(NO_HOME_AREA, { ...TEMPE, state: null })).toEqual(NO_HOME_AREA)
    expect(homeAreaAfterMove(NO_HOME_AREA, null)).toEqual(NO_HOME_AREA)
  })

  it('is the area alone, whatever else the current row holds', () => {
    const row = { zipCode: '85281', homeState: 'AZ', homeRegion: 'tucson' } as const
    expect(homeAreaAfterMove(row, TEMPE)).toEqual({ homeState: 'AZ', homeRegion: 'tucson' })
  })
})

describe('the first home area', () => {
  it('is the home’s state and region, as sign-up takes it', () => {
    expect(firstHomeArea(TEMPE)).toEqual({ homeState: 'AZ', homeRegion: 'east_valley' })
    expect(firstHomeArea(GLENDALE)).toEqual({ homeState: 'AZ', homeRegion: 'west_valley' })
    expect(firstHomeArea(MIAMI)).toEqual({ homeState: 'FL', homeRegion: 'statewide' })
  })

  it('is none without a home in a known state', () => {
    expect(firstHomeArea(null)).toEqual(NO_HOME_AREA)
    expect(firstHomeArea({ ...TEMPE, state: null })).toEqual(NO_HOME_AREA)
  })
})
