import { Link2 } from 'lucide-react'
import { useEffect, useState } from 'react'
import { toast } from '../../../lib/toast'
import {
  ageGroupLabels,
  PROFILE_SEARCH_MIN,
  type ProfileSearchResult,
} from '../../../../domain/team-builder/player.schema'
import { formatHundredths, toHundredths } from '../../../../domain/team-builder/team.rules'
import { duprLine } from '../../../../domain/players/rating.rules'
import { SearchField } from '../../../components/ui/form-controls'
import { Spinner } from '../../../components/ui/spinner'
import { useProfileSearch } from '../api/players.queries'
import { useDebouncedValue } from '../../../lib/use-debounced-value'
import { fullName, PLAYER_SEARCH_DEBOUNCE_MS } from '../lib/players-view'

const formatRating = (rating: number) => formatHundredths(toHundredths(rating) ?? Math.round(rating * 100))

// Finds a platform profile to link to the player. Profiles already linked to another of the
// user's players are shown but cannot be chosen twice.
export function ProfileSearch({
  unavailableIds,
  onSelect,
}: {
  unavailableIds: ReadonlySet<string>
  onSelect: (profile: ProfileSearchResult) => void
}) {
  const [text, setText] = useState('')
  const debounced = useDebouncedValue(text, PLAYER_SEARCH_DEBOUNCE_MS)
  const query = useProfileSearch(debounced)
  const isActive = debounced.trim().length >= PROFILE_SEARCH_MIN && text.trim().length >= PROFILE_SEARCH_MIN
  const results = isActive ? (query.data ?? []) : []

  useEffect(() => {
    if (query.isError) toast.error('Error searching users', { id: 'profile-search-error' })
  }, [query.isError])

  return (
    <div>
      <SearchField
        icon
        label="Search players on the platform"
        value={text}
        onValueChange={setText}
        placeholder="First or last name"
        hint={`Type at least ${PROFILE_SEARCH_MIN} characters to find a player with a profile and link it.`}
      />

      <div aria-live="polite" className="mt-2">
        {!isActive ? null : query.isError ? (
          <p className="text-sm font-medium text-red-700">Error searching users</p>
        ) : query.isPending || (query.isFetching && query.isPlaceholderData) ? (
          <p className="flex items-center gap-2 text-sm text-slate-700">
            <Spinner className="size-4" />
            Searching...
          </p>
        ) : results.length === 0 ? (
          <p className="text-sm text-slate-700">No players found.</p>
        ) : (
          <p className="sr-only">
            {results.length} {results.length === 1 ? 'player' : 'players'} found
          </p>
        )}
      </div>

      {isActive && results.length > 0 ? (
        <ul className="mt-1 divide-y divide-slate-200 overflow-hidden rounded-xl border border-slate-200 bg-white">
          {results.map((profile) => {
            const isTaken = unavailableIds.has(profile.id)
            return (
              <li key={profile.id} className="flex items-center justify-between gap-3 px-3 py-2">
                <div className="min-w-0">
                  <p className="font-semibold text-slate-900">{fullName(profile)}</p>
                  <p className="text-sm text-slate-600">
                    {profile.duprRating === null
                      ? duprLine(profile)
                      : `DUPR ${formatRating(profile.duprRating)}`}{' '}
                    · {profile.gender === 'female' ? 'Female' : 'Male'} · {ageGroupLabels[profile.ageGroup]}
                  </p>
                </div>
                {isTaken ? (
                  <span className="shrink-0 text-sm text-slate-600">Already in your players</span>
                ) : (
                  <button
                    type="button"
                    onClick={() => {
                      onSelect(profile)
                      setText('')
                    }}
                    className="inline-flex min-h-11 shrink-0 items-center gap-1 rounded-lg border border-brand-700 px-3 text-sm font-semibold text-brand-800 hover:bg-brand-50"
                  >
                    <Link2 aria-hidden="true" className="size-4" />
                    Link<span className="sr-only"> {fullName(profile)}</span>
                  </button>
                )}
              </li>
            )
          })}
        </ul>
      ) : null}
    </div>
  )
}
