import { describe, expect, it } from 'vitest'
import { filtersSummary, withAvailableFilters } from './available-filters'
import { availableQuery, parseAvailableFilters } from './list-address'

const home = { homeState: 'AZ' as const, homeRegion: 'tucson' }
const parse = (search: string, area: typeof home | null = home) =>
  parseAvailableFilters(new URLSearchParams(search), area)

describe('the Available filters in the URL', () => {
  it('open on the player’s home area, and on every state with state=all or no home', () => {
    expect(parse('')).toMatchObject({ state: 'AZ', region: 'tucson', when: null })
    expect(parse('state=all')).toMatchObject({ state: null, region: null })
    expect(parse('', null)).toMatchObject({ state: null, region: null })
    expect(parse('state=UT')).toMatchObject({ state: 'UT', region: null })
    expect(parse('state=AZ&region=yuma')).toMatchObject({ state: 'AZ', region: 'yuma' })
  })

  it('ignore what they cannot read', () => {
    expect(parse('when=tomorrow&state=ZZ&region=mars')).toMatchObject({
      when: null,
      state: 'AZ',
      region: 'tucson',
    })
    expect(parse('state=UT&region=tucson')).toMatchObject({ state: 'UT', region: null })
    expect(parse('when=week&from=2026-12-01')).toMatchObject({ when: 'week', from: null })
  })

  it('ask the server for what is chosen, and for no dates while a range is incomplete', () => {
    expect(availableQuery(parse('when=weekend'))).toEqual({ when: 'weekend', state: 'AZ', region: 'tucson' })
    expect(availableQuery(parse('when=range&from=2026-12-01&state=all'))).toEqual({})
    expect(availableQuery(parse('when=range&from=2026-12-01&to=2026-12-03&state=FL'))).toEqual({
      when: 'range',
      from: '2026-12-01',
      to: '2026-12-03',
      state: 'FL',
    })
  })

  it('write every filter back, keeping the tab and rating', () => {
    const next = withAvailableFilters(new URLSearchParams('tab=available&minRating=3.0'), {
      when: 'today',
      from: null,
      to: null,
      state: null,
      region: null,
      alone: false,
      within: null,
      nearest: false,
    })
    expect(next.toString()).toBe('tab=available&minRating=3.0&when=today&state=all')
    expect(parse(next.toString())).toMatchObject({ when: 'today', state: null, alone: false })
  })

  it('keep "Games I can join alone" in the URL and ask the server for it', () => {
    expect(parse('alone=true')).toMatchObject({ alone: true })
    expect(availableQuery(parse('alone=true&state=all'))).toEqual({ alone: 'true' })
    const next = withAvailableFilters(new URLSearchParams('tab=available'), {
      ...parse('state=all'),
      alone: true,
    })
    expect(next.get('alone')).toBe('true')
  })

  it('fold into one line that says what they are set to', () => {
    // No date chosen says nothing, as a full rating range and no distance do.
    expect(filtersSummary(parse(''), [2, 7])).toBe('Tucson')
    expect(filtersSummary(parse('alone=true'), [2, 7])).toBe('Tucson · Join alone')
    expect(filtersSummary(parse('when=weekend&state=AZ&region=east_valley&alone=true'), [3, 4.5])).toBe(
      'This weekend · East Valley · DUPR 3.0–4.5 · Join alone',
    )
    expect(filtersSummary(parse('state=all'), [2, 7])).toBe('All states')
    expect(filtersSummary(parse('state=UT&region=statewide'), [2, 7])).toBe('Utah')
    expect(filtersSummary(parse('when=range&from=2026-12-01&to=2026-12-05&state=all'), [2, 7])).toBe(
      'Dec 1 – Dec 5 · All states',
    )
    expect(filtersSummary(parse('when=range&state=all'), [2, 7])).toBe('Choose dates · All states')
  })

  it('keep a distance and nearest first in the URL, and ask for them once there is a home', () => {
    expect(parse('within=10&sort=nearest&state=all')).toMatchObject({ within: 10, nearest: true })
    expect(parse('within=7')).toMatchObject({ within: null })
    expect(availableQuery(parse('within=10&sort=nearest&state=all'), true)).toEqual({
      within: '10',
      sort: 'nearest',
    })
    expect(availableQuery(parse('within=10&sort=nearest&state=all'), false)).toEqual({})
    const next = withAvailableFilters(new URLSearchParams('tab=available'), {
      ...parse('state=all'),
      within: 25,
      nearest: true,
    })
    expect(next.toString()).toBe('tab=available&within=25&sort=nearest&state=all')
  })
})
