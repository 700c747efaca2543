import { useQuery } from '@tanstack/react-query'
import { TriangleAlert } from 'lucide-react'
import { Link } from 'react-router'
import { OVERLAP_WARNING } from '../../../../domain/play-dates/play-date.schema'
import { formatStart } from '../../../../domain/play-dates/schedule'
import { api } from '../../../lib/api-client'
import { playDateKeys } from '../api/play-dates.queries'

// A warning, not a stop: the player already has a PlayDate, or an application, at an overlapping
// time. They may still go ahead; accepting is where a clash is refused.
export function OverlapWarning({
  start,
  durationMinutes,
  except,
}: {
  start: Date | null
  durationMinutes: number | null
  except?: string
}) {
  const startIso = start?.toISOString() ?? null
  const overlaps = useQuery({
    queryKey: [...playDateKeys.all, 'overlaps', startIso, durationMinutes, except ?? null],
    queryFn: ({ signal }) =>
      api.get('/play-dates/overlaps', {
        query: { start: startIso ?? '', durationMinutes: durationMinutes ?? 0, except },
        signal,
      }),
    enabled: startIso !== null && durationMinutes !== null,
    staleTime: 30_000,
  })
  const items = overlaps.data?.items ?? []
  if (items.length === 0) return null
  return (
    <div role="status" className="flex gap-3 rounded-xl bg-amber-50 p-4 text-sm text-amber-950">
      <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-700" />
      <div>
        <p className="font-semibold">{OVERLAP_WARNING}:</p>
        <ul className="mt-1 space-y-1">
          {items.map((item) => (
            <li key={item.id}>
              <Link to={`/playdates/${item.id}`} className="font-semibold underline underline-offset-2">
                {formatStart(new Date(item.startsAt), item.timeZone)}
              </Link>{' '}
              {item.applied ? '(you applied)' : item.status === 'matched' ? '(matched)' : '(open)'}
            </li>
          ))}
        </ul>
        <p className="mt-1">You can still go ahead; you cannot be matched in both.</p>
      </div>
    </div>
  )
}
