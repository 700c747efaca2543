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

// The table lays itself out by its own width, not the screen's (a container query on `players`),
// so larger text reflows it as a narrower screen would (docs/decisions/0236). Under 40 rem (the full
// table needs some 38.6) the avatar, gender and age group columns fold into the name cell, and a
// select takes over their sorting. Under 18 rem (a phone's text at some 125% and more) each row
// stacks: the name the row's full width, then the check box and the rating, then Edit and Delete
// where they have no room beside them, so nothing scrolls sideways; the header row goes (the
// select sorts) and the rating says what it is.
const foldedColumn = 'table-cell @max-[40rem]/players:hidden'
// A cell's room: its padding, and none in a stacked row (the row has it).
const cellSpacing = 'px-2 py-2 @max-[40rem]/players:px-1 @max-[18rem]/players:p-0'

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
      role="columnheader"
      aria-sort={active ? sort.direction : 'none'}
      className={`px-2 py-2 text-left @max-[40rem]/players:px-1 ${className}`}
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

// Where the avatar, gender and age group columns fold into the name cell, a select takes over their
// sorting.
function MobileSort({ sort, onChange }: { sort: SortState; onChange: (sort: SortState) => void }) {
  return (
    <SelectField
      className="hidden @max-[40rem]/players:block sm:max-w-96"
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
    <div className="@container/players space-y-4">
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
        // `relative` keeps the table's screen-reader-only words inside its frame, or they widened the
        // page (docs/decisions/0225). The roles are explicit: some screen readers drop a table's
        // meaning once CSS changes its display, as its stacked rows do.
        <div className="relative overflow-x-auto rounded-xl border border-slate-200 bg-white">
          <table role="table" className="w-full text-sm @max-[18rem]/players:block">
            <caption className="sr-only">
              Your players, sorted by {sortLabels[sort.key]} ({sort.direction}). Choose up to {limit} to join
              you on the team.
            </caption>
            {/* eslint-disable-next-line jsx-a11y/no-redundant-roles -- kept when CSS changes the display */}
            <thead
              role="rowgroup"
              className="border-b border-slate-200 bg-slate-50 @max-[18rem]/players:hidden"
            >
              <tr role="row">
                <th
                  scope="col"
                  role="columnheader"
                  className="w-12 px-2 py-2 text-left @max-[40rem]/players:px-1"
                >
                  <span className="sr-only">On the team</span>
                </th>
                <SortHeader
                  column="avatar"
                  sort={sort}
                  onSort={(key) => setSort(nextSort(sort, key))}
                  className={foldedColumn}
                />
                <SortHeader column="name" sort={sort} onSort={(key) => setSort(nextSort(sort, key))} />
                <SortHeader
                  column="gender"
                  sort={sort}
                  onSort={(key) => setSort(nextSort(sort, key))}
                  className={foldedColumn}
                />
                <SortHeader
                  column="ageGroup"
                  sort={sort}
                  onSort={(key) => setSort(nextSort(sort, key))}
                  className={foldedColumn}
                />
                <SortHeader
                  column="duprRating"
                  sort={sort}
                  onSort={(key) => setSort(nextSort(sort, key))}
                  className="text-right"
                />
                <th
                  scope="col"
                  role="columnheader"
                  className="px-2 py-2 text-right @max-[40rem]/players:px-1"
                >
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            {/* eslint-disable-next-line jsx-a11y/no-redundant-roles -- kept when CSS changes the display */}
            <tbody role="rowgroup" className="divide-y divide-slate-200 @max-[18rem]/players:block">
              {rows.map((player) => {
                const name = fullName(player)
                const isSelected = selectedIds.includes(player.id)
                return (
                  <tr
                    key={player.id}
                    role="row"
                    className={`@max-[18rem]/players:flex @max-[18rem]/players:flex-wrap @max-[18rem]/players:items-center @max-[18rem]/players:gap-x-[min(0.5rem,8px)] @max-[18rem]/players:p-[min(0.75rem,12px)] ${
                      isSelected ? 'bg-brand-50' : ''
                    }`}
                  >
                    {/* eslint-disable-next-line jsx-a11y/no-interactive-element-to-noninteractive-role -- a data cell, kept when CSS changes the display */}
                    <td role="cell" className={`${cellSpacing} @max-[18rem]/players:order-2`}>
                      {/* Stacked, 44 px wide, so the rating has room beside it. */}
                      <label className="inline-flex size-11 cursor-pointer items-center justify-center has-disabled:cursor-not-allowed @max-[18rem]/players:w-auto @max-[18rem]/players:min-w-[44px]">
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
                    {/* eslint-disable-next-line jsx-a11y/no-interactive-element-to-noninteractive-role -- a data cell, kept when CSS changes the display */}
                    <td role="cell" className={`${cellSpacing} ${foldedColumn}`}>
                      <PlayerAvatar player={player} />
                    </td>
                    <th
                      scope="row"
                      role="rowheader"
                      className={`${cellSpacing} text-left font-semibold [overflow-wrap:anywhere] text-slate-900 @max-[18rem]/players:order-1 @max-[18rem]/players:basis-full`}
                    >
                      <span className="block">{name}</span>
                      {player.linkedProfile ? (
                        // Where the table folds, a 44 px target for a finger.
                        <Link
                          to={`/profile/${player.linkedProfile.id}`}
                          className="block text-xs font-normal text-brand-700 underline-offset-2 hover:underline @max-[40rem]/players:flex @max-[40rem]/players:min-h-11 @max-[40rem]/players:w-fit @max-[40rem]/players:items-center"
                        >
                          <span>
                            Linked profile<span className="sr-only"> of {name}</span>
                          </span>
                        </Link>
                      ) : null}
                      <span className="hidden text-xs font-normal text-slate-600 @max-[40rem]/players:block">
                        {genderLabel(player.gender)} ·{' '}
                        <span className="whitespace-nowrap">{ageGroupLabels[player.ageGroup]}</span>
                      </span>
                    </th>
                    {/* eslint-disable-next-line jsx-a11y/no-interactive-element-to-noninteractive-role -- a data cell, kept when CSS changes the display */}
                    <td role="cell" className={`${cellSpacing} ${foldedColumn} text-slate-700`}>
                      {genderLabel(player.gender)}
                    </td>
                    {/* eslint-disable-next-line jsx-a11y/no-interactive-element-to-noninteractive-role -- a data cell, kept when CSS changes the display */}
                    <td role="cell" className={`${cellSpacing} ${foldedColumn} text-slate-700`}>
                      {ageGroupLabels[player.ageGroup]}
                    </td>
                    <td
                      // eslint-disable-next-line jsx-a11y/no-interactive-element-to-noninteractive-role -- a data cell, kept when CSS changes the display
                      role="cell"
                      className={`${cellSpacing} text-right font-semibold text-slate-900 tabular-nums @max-[18rem]/players:order-3 @max-[18rem]/players:flex-1 @max-[18rem]/players:text-left @max-[18rem]/players:whitespace-nowrap`}
                    >
                      <span className="hidden @max-[18rem]/players:inline">DUPR </span>
                      {formatRating(player.duprRating)}
                    </td>
                    <td
                      // eslint-disable-next-line jsx-a11y/no-interactive-element-to-noninteractive-role -- a data cell, kept when CSS changes the display
                      role="cell"
                      className={`${cellSpacing} @max-[18rem]/players:order-4 @max-[18rem]/players:ml-auto`}
                    >
                      {/* Folded, Edit sits over Delete: the name keeps the room to stay whole. Stacked,
                          they sit side by side again, under the name. */}
                      <div className="flex flex-row justify-end gap-1 @max-[40rem]/players:flex-col @max-[40rem]/players:items-end @max-[18rem]/players:flex-row">
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
