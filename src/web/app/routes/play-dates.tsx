import { CalendarPlus, MousePointerClick } from 'lucide-react'
import { type ReactNode, Suspense, useContext, useEffect, useRef } from 'react'
import { useMatch, useOutlet } from 'react-router'
import { ButtonLink, wrapsWords } from '../../components/ui/button'
import { PageHeader } from '../../components/ui/page-header'
import { PageLoading } from '../../components/ui/spinner'
import { PlayDateList } from '../../features/play-dates'
import { useMediaQuery, WIDE_SCREEN } from '../../lib/use-media-query'
import { RenderingShellPlaceholders } from '../../lib/first-view'
import { RouteError, RouteErrorBoundary } from '../route-error'

const description =
  'Pay to play stronger players or earn by teaching: with a friend as your partner, or alone.'

const createButton = (
  <ButtonLink to="/create-playdate" className={wrapsWords}>
    <CalendarPlus aria-hidden="true" className="size-4" />
    Create PlayDate
  </ButtonLink>
)

// Over the list in its column on a wide screen: the PlayDate beside it gets the window's height.
function ColumnHeader() {
  return (
    <div className="mb-4 flex flex-col gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-title font-bold tracking-tight text-slate-900">PlayDates</h1>
        {createButton}
      </div>
      <p className="text-sm text-slate-600">{description}</p>
    </div>
  )
}

// The PlayDates list, and the PlayDate chosen from it (/playdates/:id, in the outlet). On a phone
// or a tablet they are two pages. On a wide screen they sit side by side, each scrolling on its
// own, and fill the window under the navigation bar: choosing a card keeps the list where it was
// (its tab and filters stay in the URL) and shows the PlayDate beside it
// (docs/decisions/0105-desktop-list-and-detail.md).
export default function PlayDatesPage() {
  const isWide = useMediaQuery(WIDE_SCREEN)
  const outlet = useOutlet()
  const selectedId = useMatch('/playdates/:id')?.params.id
  // The list's first view, rendered by the build into the page's HTML (docs/decisions/0118): the
  // page's header, with a loading line where the list comes. Only for a phone or a tablet: from
  // lg up the app lays the list and the PlayDate out side by side itself, so it stays hidden there.
  const isFirstView = useContext(RenderingShellPlaceholders)
  if (isFirstView && !outlet) {
    return (
      <div className="lg:hidden">
        <PageHeader title="PlayDates" description={description} actions={createButton} />
        <PageLoading label="Loading PlayDates..." />
      </div>
    )
  }
  if (!isWide) {
    return (
      outlet ?? (
        <>
          <PageHeader title="PlayDates" description={description} actions={createButton} />
          <PlayDateList />
        </>
      )
    )
  }
  return (
    <div className="grid h-[calc(100dvh-var(--top-nav-height,7.25rem)-4.5rem)] min-h-[28rem] grid-cols-[20rem_minmax(0,1fr)] gap-6 xl:grid-cols-[24rem_minmax(0,1fr)]">
      <div className="min-h-0 overflow-y-auto p-1">
        <ColumnHeader />
        <PlayDateList beside={{ selectedId }} />
      </div>
      <DetailPane selectedId={selectedId}>{outlet}</DetailPane>
    </div>
  )
}

// The chosen PlayDate. Choosing another one takes the keyboard here, to its top, so the next Tab
// goes on in the PlayDate instead of further down the list.
function DetailPane({ selectedId, children }: { selectedId: string | undefined; children: ReactNode }) {
  const pane = useRef<HTMLElement>(null)
  const shown = useRef(selectedId)
  useEffect(() => {
    if (selectedId === shown.current) return
    shown.current = selectedId
    pane.current?.scrollTo(0, 0)
    if (selectedId) pane.current?.focus({ preventScroll: true })
  }, [selectedId])
  return (
    <section
      ref={pane}
      tabIndex={-1}
      aria-label="Selected PlayDate"
      className="min-h-0 overflow-y-auto rounded-2xl p-1 focus-visible:outline-offset-[-3px]"
    >
      <RouteErrorBoundary fallback={RouteError}>
        <Suspense fallback={<PageLoading />}>{children ?? <NothingChosen />}</Suspense>
      </RouteErrorBoundary>
    </section>
  )
}

function NothingChosen() {
  return (
    <div className="flex h-full flex-col items-center justify-center gap-2 rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center">
      <MousePointerClick aria-hidden="true" className="size-8 text-slate-400" />
      <p className="text-lg font-semibold text-slate-900">Choose a PlayDate to see it here</p>
      <p className="max-w-sm text-slate-600">
        Its teams, the applications and, once you are matched, the chat with the other team open beside the
        list.
      </p>
    </div>
  )
}
