import { useEffect, useState } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { toast } from '../../lib/toast'
import type { ConnectionOutput } from '../../../domain/connections/connection.schema'
import {
  type ConnectionView,
  connectionViews,
  removeFriendshipQuestion,
} from '../../../domain/connections/connection.constants'
import { Button } from '../../components/ui/button'
import { LoadMore } from '../../components/ui/load-more'
import { ConfirmDialog } from '../../components/ui/dialog'
import { PageHeader } from '../../components/ui/page-header'
import { PageLoading } from '../../components/ui/spinner'
import {
  ConnectionList,
  ConnectionTabs,
  FriendSearch,
  nameOf,
  useConnectionActions,
  useConnections,
  useConnectionSummary,
} from '../../features/connections'

const isView = (value: unknown): value is ConnectionView =>
  typeof value === 'string' && (connectionViews as readonly string[]).includes(value)

// A link may ask for a tab, in router state ({ view: 'received' }) or as ?view=received; the
// tab is selected and the request then cleared, so a reload or Back does not force it again.
function useRequestedView(onView: (view: ConnectionView) => void) {
  const location = useLocation()
  const navigate = useNavigate()
  useEffect(() => {
    const fromState = (location.state as { view?: unknown } | null)?.view
    const fromQuery = new URLSearchParams(location.search).get('view')
    const requested = isView(fromState) ? fromState : isView(fromQuery) ? fromQuery : null
    if (fromState === undefined && fromQuery === null) return
    if (requested) onView(requested)
    navigate(location.pathname, { replace: true, state: null })
    // Only a new navigation carries a new request.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.key])
}

function ConnectionsPanel({
  view,
  onRemove,
}: {
  view: ConnectionView
  onRemove: (c: ConnectionOutput) => void
}) {
  const query = useConnections(view)
  const actions = useConnectionActions()
  const [busyId, setBusyId] = useState<string | null>(null)

  // A next page that fails says so under the list (LoadMore), not in a toast as well; nor does the
  // list's refetch after it (a dismissal's), during which the query still holds that error but no
  // longer says it was the next page's.
  const loadFailed = query.isError && !query.isFetchNextPageError && !query.isFetching
  useEffect(() => {
    if (loadFailed) toast.error('Error loading connections', { id: 'connections-load' })
  }, [loadFailed])

  if (query.isPending) return <PageLoading label="Loading connections..." />
  if (query.isError && !query.data) {
    return (
      <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-6 text-center">
        <p className="font-semibold text-red-800">Error loading connections</p>
        <Button className="mt-4" variant="secondary" onClick={() => void query.refetch()}>
          Try Again
        </Button>
      </div>
    )
  }
  const connections = query.data.pages.flatMap((page) => page.items)
  const track = (connection: ConnectionOutput, run: () => void) => {
    setBusyId(connection.id)
    run()
  }
  return (
    <>
      <ConnectionList
        view={view}
        connections={connections}
        handlers={{
          busyId: actions.isPending ? busyId : null,
          onAccept: (c) => track(c, () => actions.answerRequest(c.id, 'accept')),
          onReject: (c) => track(c, () => actions.answerRequest(c.id, 'reject')),
          onCancel: (c) => track(c, () => actions.cancelRequest(c.id)),
          onRemove,
        }}
      />
      <LoadMore query={query} />
    </>
  )
}

export default function ConnectionsPage() {
  const [view, setView] = useState<ConnectionView>('connected')
  const summary = useConnectionSummary()
  const actions = useConnectionActions()
  const [removing, setRemoving] = useState<ConnectionOutput | null>(null)
  useRequestedView(setView)

  return (
    <>
      <PageHeader
        title="Player Connections"
        description="Your friends, and the requests you have received and sent."
      />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)] lg:items-start">
        <ConnectionTabs selected={view} onSelect={setView} receivedCount={summary.data?.received ?? 0}>
          <ConnectionsPanel key={view} view={view} onRemove={setRemoving} />
        </ConnectionTabs>
        <FriendSearch />
      </div>
      <ConfirmDialog
        open={removing !== null}
        title="Remove friend"
        message={removing ? removeFriendshipQuestion(nameOf(removing.player)) : ''}
        confirmLabel="Remove"
        isPending={actions.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          if (removing) actions.removeConnection(removing.id, () => setRemoving(null))
        }}
      />
    </>
  )
}
