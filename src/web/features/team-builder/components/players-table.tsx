import { ArrowDown, ArrowUp, ArrowUpDown, Pencil, Trash2 } from 'lucide-react'
import { useMemo, useState } from 'react'
import { Link } from 'react-router'
import { ageGroupLabels, type Player } from '../../../../domain/team-builder/player.schema'
import {
  formatHundredths,
  selectionLimit,
  teamCountText,
  type TeamSize,
  toHundredths,
} from '../../../../domain/team-builder/team.rules'
import { SearchField, SelectField } from '../../../components/ui/form-controls'
import { useDebouncedValue } from '../../../lib/use-debounced-value'
import {
  defaultSort,
  filterPlayersByName,
  fullName,
  nextSort,
  PLAYER_SEARCH_DEBOUNCE_MS,
  PLAYER_SEARCH_MIN,
  type SortKey,
  sortKeys,
  sortLabels,
  sortOptionLabel,
  type SortState,
  sortPlayers,
} from '../lib/players-view'
import { PlayerAvatar } from './player-avatar'

const formatRating = (rating: number) => formatHundredths(toHundredths(rating) ?? Math.round(rating * 100))
const genderLabel = (gender: Player['gender']) => (gender === 'female' ? 'Female' : 'Male')

function SortHeader({
  column,
  sort,
  onSort,
  className = '',
}: {
  column: SortKey
  sort: SortState
  onSort: (key: SortKey) => void
  className?: string
}) {
  const active = sort.key === column
  const Icon = !active ? ArrowUpDown : sort.direction === 'ascending' ? ArrowUp : ArrowDown
  return (
    <th
      scope="col"
      aria-sort={active ? sort.direction : 'none'}
      className={`px-1 py-2 text-left sm:px-2 ${className}`}
    >
      <button
        type="button"
        onClick={() => onSort(column)}
        className="inline-flex min-h-11 items-center gap-1 rounded-md px-1 text-xs font-bold tracking-wide text-slate-700 uppercase hover:text-slate-950"
      >
        <span className="[overflow-wrap:normal]">{sortLabels[column]}</span>
        <Icon aria-hidden="true" className={`size-3.5 ${active ? 'text-brand-700' : 'text-slate-400'}`} />
      </button>
    </th>
  )
}

// On a phone the avatar, gender and age group columns fold into the name cell; a select takes
// over their sorting.
function MobileSort({ sort, onChange }: { sort: SortState; onChange: (sort: SortState) => void }) {
  return (
    <SelectField
      className="sm:hidden"
      label="Sort by"
      value={`${sort.key}:${sort.direction}`}
      onChange={(event) => {
        const [key, direction] = event.target.value.split(':') as [SortKey, SortState['direction']]
        onChange({ key, direction })
      }}
    >
      {sortKeys.flatMap((key) =>
        (['ascending', 'descending'] as const).map((direction) => (
          <option key={`${key}:${direction}`} value={`${key}:${direction}`}>
            {sortOptionLabel({ key, direction })}
          </option>
        )),
      )}
    </SelectField>
  )
}

export function PlayersTable({
  players,
  selectedIds,
  teamSize,
  onToggle,
  onDelete,
}: {
  players: Player[]
  selectedIds: readonly string[]
  teamSize: TeamSize
  onToggle: (player: Player) => void
  onDelete: (player: Player) => void
}) {
  const [sort, setSort] = useState<SortState>(defaultSort)
  const [search, setSearch] = useState('')
  const debouncedSearch = useDebouncedValue(search, PLAYER_SEARCH_DEBOUNCE_MS)
  const isFiltering = debouncedSearch.trim().length >= PLAYER_SEARCH_MIN
  const rows = useMemo(
    () => sortPlayers(filterPlayersByName(players, debouncedSearch), sort),
    [players, debouncedSearch, sort],
  )
  const limit = selectionLimit(teamSize)
  const isFull = selectedIds.length >= limit

  return (
    <div className="space-y-4">
      <div className="grid gap-3 sm:grid-cols-[minmax(0,24rem)_1fr] sm:items-end">
        <SearchField
          icon
          label="Search players"
          value={search}
          onValueChange={setSearch}
          placeholder="Name"
          hint={`Type at least ${PLAYER_SEARCH_MIN} characters.`}
        />
        <p className="text-sm text-slate-700 sm:text-right" aria-live="polite">
          {teamCountText(selectedIds.length, teamSize)}
        </p>
      </div>

      <MobileSort sort={sort} onChange={setSort} />

      {rows.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 p-6 text-center text-slate-600">
          {isFiltering ? `No players match “${debouncedSearch.trim()}”.` : 'No players yet.'}
        </p>
      ) : (
        // Wider than a phone with larger text, the table scrolls sideways inside its frame; `relative`
        // keeps its screen-reader-only words inside too, or they widened the page (docs/decisions/0225).
        <div className="relative overflow-x-auto rounded-xl border border-slate-200 bg-white">
          <table className="w-full text-sm">
            <caption className="sr-only">
              Your players, sorted by {sortLabels[sort.key]} ({sort.direction}). Choose up to {limit} to join
              you on the team.
            </caption>
            <thead className="border-b border-slate-200 bg-slate-50">
              <tr>
                <th scope="col" className="w-12 px-1 py-2 text-left sm:px-2">
                  <span className="sr-only">On the team</span>
                </th>
                <SortHeader
                  column="avatar"
                  sort={sort}
                  onSort={(key) => setSort(nextSort(sort, key))}
                  className="hidden sm:table-cell"
                />
                <SortHeader column="name" sort={sort} onSort={(key) => setSort(nextSort(sort, key))} />
                <SortHeader
                  column="gender"
                  sort={sort}
                  onSort={(key) => setSort(nextSort(sort, key))}
                  className="hidden sm:table-cell"
                />
                <SortHeader
                  column="ageGroup"
                  sort={sort}
                  onSort={(key) => setSort(nextSort(sort, key))}
                  className="hidden sm:table-cell"
                />
                <SortHeader
                  column="duprRating"
                  sort={sort}
                  onSort={(key) => setSort(nextSort(sort, key))}
                  className="text-right"
                />
                <th scope="col" className="px-1 py-2 text-right sm:px-2">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {rows.map((player) => {
                const name = fullName(player)
                const isSelected = selectedIds.includes(player.id)
                return (
                  <tr key={player.id} className={isSelected ? 'bg-brand-50' : undefined}>
                    <td className="px-1 py-2 sm:px-2">
                      <label className="inline-flex size-11 cursor-pointer items-center justify-center has-disabled:cursor-not-allowed">
                        <input
                          type="checkbox"
                          checked={isSelected}
                          disabled={!isSelected && isFull}
                          onChange={() => onToggle(player)}
                          className="size-5 accent-brand-700"
                        />
                        <span className="sr-only">Select {name} for the team</span>
                      </label>
                    </td>
                    <td className="hidden px-2 py-2 sm:table-cell">
                      <PlayerAvatar player={player} />
                    </td>
                    <th
                      scope="row"
                      className="px-1 py-2 text-left font-semibold [overflow-wrap:anywhere] text-slate-900 sm:px-2"
                    >
                      <span className="block">{name}</span>
                      {player.linkedProfile ? (
                        <Link
                          to={`/profile/${player.linkedProfile.id}`}
                          className="block text-xs font-normal text-brand-700 underline-offset-2 hover:underline"
                        >
                          Linked profile<span className="sr-only"> of {name}</span>
                        </Link>
                      ) : null}
                      <span className="block text-xs font-normal text-slate-600 sm:hidden">
                        {genderLabel(player.gender)} ·{' '}
                        <span className="whitespace-nowrap">{ageGroupLabels[player.ageGroup]}</span>
                      </span>
                    </th>
                    <td className="hidden px-2 py-2 text-slate-700 sm:table-cell">
                      {genderLabel(player.gender)}
                    </td>
                    <td className="hidden px-2 py-2 text-slate-700 sm:table-cell">
                      {ageGroupLabels[player.ageGroup]}
                    </td>
                    <td className="px-1 py-2 text-right font-semibold text-slate-900 tabular-nums sm:px-2">
                      {formatRating(player.duprRating)}
                    </td>
                    <td className="px-1 py-2 sm:px-2">
                      {/* On a phone Edit sits over Delete: the name keeps the room to stay whole. */}
                      <div className="flex flex-col items-end gap-1 sm:flex-row sm:justify-end">
                        <Link
                          to={`/edit-player/${player.id}`}
                          className="inline-flex size-11 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 hover:text-slate-950"
                        >
                          <Pencil aria-hidden="true" className="size-4" />
                          <span className="sr-only">Edit {name}</span>
                        </Link>
                        <button
                          type="button"
                          onClick={() => onDelete(player)}
                          className="inline-flex size-11 items-center justify-center rounded-lg text-red-700 hover:bg-red-50 hover:text-red-800"
                        >
                          <Trash2 aria-hidden="true" className="size-4" />
                          <span className="sr-only">Delete {name}</span>
                        </button>
                      </div>
                    </td>
                  </tr>
                )
              })}
            </tbody>
          </table>
        </div>
      )}
    </div>
  )
}
