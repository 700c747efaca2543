import { Search, UserPlus } from 'lucide-react'
import { useId, useState } from 'react'
import type { SearchResultOutput } from '../../../../domain/connections/connection.schema'
import {
  friendStatusLabel,
  SEARCH_MAX_LENGTH,
  SEARCH_MIN_LENGTH,
} from '../../../../domain/connections/connection.constants'
import { Button } from '../../../components/ui/button'
import { Spinner } from '../../../components/ui/spinner'
import { useDebouncedValue } from '../../../lib/use-debounced-value'
import { usePlayerSearch } from '../api/connections.queries'
import { useConnectionActions } from '../hooks/use-connection-actions'
import { PlayerLine } from './player-line'
import { StatusBadge } from './status-badge'

const SEARCH_DEBOUNCE_MS = 300

function ResultAction({
  result,
  onAdd,
  disabled,
}: {
  result: SearchResultOutput
  onAdd: () => void
  disabled: boolean
}) {
  const label = friendStatusLabel[result.friendStatus]
  if (label)
    return <StatusBadge tone={result.friendStatus === 'friends' ? 'brand' : 'amber'}>{label}</StatusBadge>
  return (
    <Button size="sm" onClick={onAdd} disabled={disabled}>
      <UserPlus aria-hidden="true" className="size-4" />
      Add Friend
      <span className="sr-only">
        {' '}
        {result.firstName} {result.lastName}
      </span>
    </Button>
  )
}

// Finds other players from two characters on; each result says where the searcher stands.
// The search box's id: the empty friends list points to it.
export const FRIEND_SEARCH_INPUT_ID = 'find-friends'

export function FriendSearch() {
  const inputId = FRIEND_SEARCH_INPUT_ID
  const statusId = useId()
  const [text, setText] = useState('')
  const query = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS)
  const search = usePlayerSearch(query)
  const actions = useConnectionActions()
  const [pendingId, setPendingId] = useState<string | null>(null)
  const isActive = query.length >= SEARCH_MIN_LENGTH
  const results = isActive ? (search.data?.results ?? []) : []

  let status = ''
  if (text.trim().length > 0 && text.trim().length < SEARCH_MIN_LENGTH) {
    status = `Type at least ${SEARCH_MIN_LENGTH} characters to search`
  } else if (isActive && search.isError) status = 'Error searching users'
  else if (isActive && search.isSuccess && !search.isPlaceholderData) {
    status =
      results.length === 0
        ? 'No players found'
        : `${results.length} player${results.length === 1 ? '' : 's'} found`
  }

  return (
    <section
      aria-labelledby={`${inputId}-title`}
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <h2 id={`${inputId}-title`} className="text-lg font-bold text-slate-900">
        Find Friends
      </h2>
      <label htmlFor={inputId} className="mt-3 mb-1 block text-sm font-semibold text-slate-800">
        Search players by name
      </label>
      <div className="relative">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-slate-500"
        />
        <input
          id={inputId}
          type="search"
          value={text}
          maxLength={SEARCH_MAX_LENGTH}
          onChange={(event) => setText(event.target.value)}
          placeholder="First or last name"
          autoComplete="off"
          aria-describedby={statusId}
          className="block min-h-11 w-full rounded-lg border border-slate-300 bg-white py-2 pr-10 pl-10 text-base text-slate-900 shadow-sm placeholder:text-slate-500 focus-visible:border-brand-700"
        />
        {isActive && search.isFetching ? (
          <span className="absolute top-1/2 right-3 -translate-y-1/2">
            <Spinner className="size-4" />
          </span>
        ) : null}
      </div>
      <p id={statusId} role="status" className="mt-2 min-h-5 text-sm text-slate-600">
        {status}
      </p>
      {results.length > 0 ? (
        <ul aria-label="Search results" className="mt-2 divide-y divide-slate-200">
          {results.map((result) => (
            <li key={result.id} className="py-3">
              <PlayerLine
                player={result}
                action={
                  <ResultAction
                    result={result}
                    disabled={actions.isPending && pendingId === result.id}
                    onAdd={() => {
                      setPendingId(result.id)
                      actions.sendFriendRequest(result)
                    }}
                  />
                }
              />
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  )
}
