import type { Venue } from './venue.schema'

// The wizard's venue search: every word typed must appear in the venue's name, city or address,
// ignoring case and accents ("kiwanis tempe" finds Kiwanis Park Courts in Tempe). An empty search
// keeps every venue.
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()

export function matchVenues<V extends Pick<Venue, 'name' | 'city' | 'address'>>(
  venues: readonly V[],
  search: string,
): V[] {
  const words = fold(search).split(/\s+/).filter(Boolean)
  if (words.length === 0) return [...venues]
  return venues.filter((venue) => {
    const text = fold(`${venue.name} ${venue.city} ${venue.address}`)
    return words.every((word) => text.includes(word))
  })
}
