import { describe, expect, it } from 'vitest'
import { matchVenues } from './venue-search'

const venues = [
  { name: 'Kiwanis Park Courts', city: 'Tempe', address: '6111 S All-America Way' },
  { name: 'Pecan Grove Pickleball', city: 'Mesa', address: '2200 E Pecan Rd' },
  { name: 'Café Olé Courts', city: 'Chandler', address: '10 W Frye Rd' },
]
const names = (found: typeof venues) => found.map((v) => v.name)

describe('the venue search', () => {
  it('keeps every venue while nothing is typed', () => {
    expect(names(matchVenues(venues, '  '))).toEqual(names(venues))
  })

  it('finds a venue by words of its name, city or address, in any order and case', () => {
    expect(names(matchVenues(venues, 'tempe KIWANIS'))).toEqual(['Kiwanis Park Courts'])
    expect(names(matchVenues(venues, 'pecan'))).toEqual(['Pecan Grove Pickleball'])
    expect(names(matchVenues(venues, 'frye'))).toEqual(['Café Olé Courts'])
  })

  it('ignores accents both ways', () => {
    expect(names(matchVenues(venues, 'cafe ole'))).toEqual(['Café Olé Courts'])
  })

  it('needs every word to match', () => {
    expect(matchVenues(venues, 'kiwanis mesa')).toEqual([])
  })
})
