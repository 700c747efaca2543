import type { AvailableFilters } from './list-address'

// Writing the Available filters back to the address (read in list-address.ts).

// The URL after a change: every filter written out, `state=all` when the player chose every state.
export function withAvailableFilters(current: URLSearchParams, next: AvailableFilters): URLSearchParams {
  const updated = new URLSearchParams(current)
  for (const key of ['when', 'from', 'to', 'state', 'region', 'alone', 'within', 'sort']) updated.delete(key)
  if (next.alone) updated.set('alone', 'true')
  if (next.within) updated.set('within', String(next.within))
  if (next.nearest) updated.set('sort', 'nearest')
  if (next.when) updated.set('when', next.when)
  if (next.when === 'range') {
    if (next.from) updated.set('from', next.from)
    if (next.to) updated.set('to', next.to)
  }
  updated.set('state', next.state ?? 'all')
  if (next.state && next.region) updated.set('region', next.region)
  return updated
}

export const isNarrowed = (filters: AvailableFilters) =>
  filters.when !== null || filters.state !== null || filters.alone || filters.within !== null
