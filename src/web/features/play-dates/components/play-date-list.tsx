import { CalendarPlus } from 'lucide-react'
import { type KeyboardEvent, useEffect, useId, useMemo, useRef } from 'react'
import { useLocation, useSearchParams } from 'react-router'
import { referenceZoneOf } from '../../../../domain/play-dates/date-window'
import { type PlayDateTab, playDateTabs } from '../../../../domain/play-dates/play-date.constants'
import { Button, ButtonLink } from '../../../components/ui/button'
import { LoadMore } from '../../../components/ui/load-more'
import { Spinner } from '../../../components/ui/spinner'
import { useHomeLocation, useSession } from '../../auth'
import { playDateKeys, type PlayDateListFilter, usePlayDates } from '../api/play-dates.queries'
import { usePlayDatesResync } from '../hooks/use-play-dates-live'
import { useDaysMoveWithClock, useListMovesWithClock } from '../hooks/use-moves-with-clock'
import { whenIdle } from '../../../lib/scheduling'
import { tabKeyTarget } from '../../../lib/tab-keys'
import { filtersSummary, isNarrowed, withAvailableFilters } from '../lib/available-filters'
import {
  type AvailableFilters,
  isFullRatingRange,
  listFilterOf,
  parseAvailableFilters,
  readListAddress,
} from '../lib/list-address'
import { AvailableFilterBar } from './available-filter-bar'
import { FiltersFold } from './filters-fold'
import { PlayDateCard } from './play-date-card'
import { preloadRatingFilter, RatingFilter } from './rating-filter'

const tabLabels: Record<PlayDateTab, string> = {
  mine: 'My PlayDates',
  available: 'Available',
  history: 'History',
}

// Each empty list says what to do next, and its buttons do exactly that.
interface EmptyState {
  title: string
  text: string
  actions: Array<{ label: string; to: string; primary?: boolean }>
}
const createAction = { label: 'Create PlayDate', to: '/create-playdate', primary: true }
const emptyStates: Record<PlayDateTab, EmptyState> = {
  mine: {
    title: 'No PlayDates yet',
    text: 'Create a PlayDate, with a friend or alone, or apply to one in Available.',
    actions: [createAction, { label: 'Find one in Available', to: '/playdates?tab=available' }],
  },
  available: {
    title: 'No PlayDates available',
    text: 'No other players have an open PlayDate right now. Check back soon, or post your own.',
    actions: [createAction],
  },
  history: {
    title: 'No past PlayDates',
    text: 'Your PlayDates move here once they are over, played or not.',
    actions: [{ label: 'Find a game', to: '/playdates?tab=available', primary: true }],
  },
}
const noMatch: EmptyState = {
  title: 'No PlayDates match',
  text: 'None of the open PlayDates fit these filters. Try another day, every region, or all states.',
  actions: [
    { label: 'Clear filters', to: '/playdates?tab=available&state=all', primary: true },
    { ...createAction, primary: false },
  ],
}

// The three tabs of /playdates. The tab and the rating filter live in the URL (?tab=available
// &minRating=3&maxRating=5), so Back returns to them and a link can point at them. On a wide
// screen the list sits beside the PlayDate chosen from it (`beside`): a card's link keeps the
// list's tab and filters, and the chosen card shows as chosen.
export function PlayDateList({ beside }: { beside?: { selectedId: string | undefined } }) {
  const [params, setParams] = useSearchParams()
  const user = useSession().user
  const address = readListAddress(
    params,
    user ? { homeState: user.homeState, homeRegion: user.homeRegion } : null,
  )
  const { tab, range, filters } = address
  const hasHome = Boolean(useHomeLocation().data?.home)
  const baseId = useId()
  const tabRefs = useRef<Record<string, HTMLButtonElement | null>>({})
  usePlayDatesResync()
  useEffect(() => whenIdle(preloadRatingFilter), [])

  // The tab last asked for. A second arrow key can come before the address has taken the first
  // key's tab: compared with the tab on screen, a move back to it would be dropped.
  const askedTab = useRef(tab)
  useEffect(() => {
    askedTab.current = tab
  }, [tab])

  const selectTab = (next: PlayDateTab, focus = false) => {
    if (next !== askedTab.current) {
      askedTab.current = next
      setParams((current) => {
        const updated = new URLSearchParams(current)
        updated.set('tab', next)
        return updated
      })
    }
    if (focus) tabRefs.current[next]?.focus()
  }

  // From the tab the key was pressed on, not the selected one: a key pressed before the address
  // has taken the last one's tab would count from the tab before it.
  const onTabKey = (event: KeyboardEvent, from: PlayDateTab) => {
    const target = tabKeyTarget(event.key, playDateTabs.indexOf(from), playDateTabs.length)
    if (target === null) return
    event.preventDefault()
    const next = playDateTabs[target]
    if (next) selectTab(next, true)
  }

  const homeArea = user ? { homeState: user.homeState, homeRegion: user.homeRegion } : null
  const changeFilters = (patch: Partial<AvailableFilters>) =>
    setParams(
      (current) => withAvailableFilters(current, { ...parseAvailableFilters(current, homeArea), ...patch }),
      { replace: true },
    )

  const commitRange = ([min, max]: [number, number]) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current)
        if (isFullRatingRange([min, max])) {
          updated.delete('minRating')
          updated.delete('maxRating')
        } else {
          updated.set('minRating', min.toFixed(1))
          updated.set('maxRating', max.toFixed(1))
        }
        return updated
      },
      { replace: true },
    )

  return (
    <div>
      {/* Each tab as wide as its name and an equal share of the rest: three equal columns broke
          "My PlayDates" over two lines on a 390 px phone (docs/decisions/0209). With the phone's
          text made larger, a tab that no longer fits goes to a row below (0224). */}
      <div
        role="tablist"
        aria-label="PlayDates"
        className="flex flex-wrap gap-1 rounded-xl bg-slate-200/70 p-1"
      >
        {playDateTabs.map((name) => (
          <button
            key={name}
            ref={(element) => {
              tabRefs.current[name] = element
            }}
            id={`${baseId}-tab-${name}`}
            type="button"
            role="tab"
            aria-selected={tab === name}
            aria-controls={`${baseId}-panel`}
            tabIndex={tab === name ? 0 : -1}
            onClick={() => selectTab(name)}
            onKeyDown={(event) => onTabKey(event, name)}
            className={`min-h-11 flex-auto rounded-lg px-2 text-sm font-semibold transition-colors ${
              tab === name ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-700 hover:bg-white/60'
            }`}
          >
            {tabLabels[name]}
          </button>
        ))}
      </div>
      <div
        id={`${baseId}-panel`}
        role="tabpanel"
        aria-labelledby={`${baseId}-tab-${tab}`}
        className="mt-4 flex flex-col gap-4"
      >
        {tab === 'available' ? (
          <FiltersFold summary={filtersSummary(filters, range)}>
            <AvailableFilterBar
              value={filters}
              zone={referenceZoneOf(filters.state, user?.homeState)}
              onChange={changeFilters}
              hasHome={hasHome}
            />
            <RatingFilter value={range} onCommit={commitRange} />
          </FiltersFold>
        ) : null}
        <TabContent
          key={tab}
          filter={listFilterOf(address, hasHome)}
          isFiltered={tab === 'available' && (isNarrowed(filters) || !isFullRatingRange(range))}
          beside={beside}
        />
      </div>
    </div>
  )
}

function TabContent({
  filter,
  isFiltered,
  beside,
}: {
  filter: PlayDateListFilter
  isFiltered: boolean
  beside: { selectedId: string | undefined } | undefined
}) {
  const query = usePlayDates(filter)
  const pages = query.data?.pages
  useListMovesWithClock(
    filter.tab,
    useMemo(() => pages?.flatMap((page) => page.items), [pages]),
  )
  const user = useSession().user
  // Days counted from today ("Today", "This weekend", "Next 7 days") are other days after midnight.
  const countsFromToday = filter.tab === 'available' && filter.when !== undefined && filter.when !== 'range'
  useDaysMoveWithClock(
    countsFromToday ? referenceZoneOf(filter.state, user?.homeState) : null,
    playDateKeys.list(filter),
  )
  const viewerId = user?.id ?? ''
  const { search } = useLocation()
  if (query.isPending) {
    return (
      <p role="status" className="flex min-h-40 items-center justify-center gap-2 text-slate-700">
        <Spinner /> Loading PlayDates...
      </p>
    )
  }
  if (query.isError && !query.data) {
    return (
      <div role="alert" className="rounded-2xl bg-red-50 p-5 text-red-900">
        <p className="font-semibold">Error loading PlayDates</p>
        <p className="text-sm">{query.error.message}</p>
        <Button variant="secondary" size="sm" className="mt-3" onClick={() => void query.refetch()}>
          Try Again
        </Button>
      </div>
    )
  }
  const items = query.data.pages.flatMap((page) => page.items)
  const total = query.data.pages[0]?.total ?? 0
  const totalCapped = query.data.pages[0]?.totalCapped ?? false
  if (items.length === 0) {
    const empty = isFiltered ? noMatch : emptyStates[filter.tab]
    return (
      <div className="rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center">
        <p className="text-lg font-semibold text-slate-900">{empty.title}</p>
        <p className="mt-1 text-slate-600">{empty.text}</p>
        <div className="mt-4 flex flex-wrap justify-center gap-2">
          {empty.actions.map((action) => (
            <ButtonLink key={action.label} to={action.to} variant={action.primary ? 'primary' : 'secondary'}>
              {action.to === '/create-playdate' ? (
                <CalendarPlus aria-hidden="true" className="size-4" />
              ) : null}
              {action.label}
            </ButtonLink>
          ))}
        </div>
      </div>
    )
  }
  return (
    <>
      <p className="text-sm text-slate-600" aria-live="polite">
        Showing {items.length} of {total}
        {totalCapped ? '+' : ''}
      </p>
      <ul className="grid gap-3 md:grid-cols-2 lg:grid-cols-1">
        {items.map((playDate) => (
          <li key={playDate.id}>
            <PlayDateCard
              playDate={playDate}
              viewerId={viewerId}
              search={beside ? search : undefined}
              isSelected={playDate.id === beside?.selectedId}
            />
          </li>
        ))}
      </ul>
      <LoadMore query={query} />
    </>
  )
}
