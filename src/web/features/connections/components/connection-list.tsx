import { Check, Handshake, Search, Undo2, UserMinus, X } from 'lucide-react'
import type { ConnectionOutput, ConnectionView } from '../../../../domain/connections/connection.schema'
import { Button, wrapsWords } from '../../../components/ui/button'
import { FRIEND_SEARCH_INPUT_ID } from './friend-search'
import { PlayerLine } from './player-line'
import { StatusBadge } from './status-badge'

export interface ConnectionHandlers {
  onAccept: (connection: ConnectionOutput) => void
  onReject: (connection: ConnectionOutput) => void
  onCancel: (connection: ConnectionOutput) => void
  onRemove: (connection: ConnectionOutput) => void
  busyId?: string | null | undefined
}

const emptyText: Record<ConnectionView, { title: string; detail: string }> = {
  connected: {
    title: 'No friends yet',
    detail: 'Find players by name in Find Friends, then send a friend request.',
  },
  received: { title: 'No pending requests', detail: 'Requests other players send you appear here.' },
  sent: { title: 'No sent requests', detail: 'Requests you send appear here until they are answered.' },
}

function Actions({
  view,
  connection,
  handlers,
}: {
  view: ConnectionView
  connection: ConnectionOutput
  handlers: ConnectionHandlers
}) {
  const busy = handlers.busyId === connection.id
  const who = `${connection.player.firstName} ${connection.player.lastName}`
  if (view === 'received') {
    return (
      // Reject, then Accept: the order of every answer in the app (the dashboard, Notifications).
      <div className="flex shrink-0 flex-wrap gap-2">
        <Button size="sm" variant="secondary" onClick={() => handlers.onReject(connection)} disabled={busy}>
          <X aria-hidden="true" className="size-4" />
          Reject<span className="sr-only"> {who}</span>
        </Button>
        <Button size="sm" onClick={() => handlers.onAccept(connection)} disabled={busy}>
          <Check aria-hidden="true" className="size-4" />
          Accept<span className="sr-only"> {who}</span>
        </Button>
      </div>
    )
  }
  if (view === 'sent') {
    return (
      <Button
        size="sm"
        variant="secondary"
        className="shrink-0"
        onClick={() => handlers.onCancel(connection)}
        disabled={busy}
      >
        <Undo2 aria-hidden="true" className="size-4" />
        Cancel<span className="sr-only"> request to {who}</span>
      </Button>
    )
  }
  return (
    <Button
      size="sm"
      variant="ghost"
      className="shrink-0"
      onClick={() => handlers.onRemove(connection)}
      disabled={busy}
    >
      <UserMinus aria-hidden="true" className="size-4" />
      Remove<span className="sr-only"> {who}</span>
    </Button>
  )
}

function focusFriendSearch() {
  const input = document.getElementById(FRIEND_SEARCH_INPUT_ID)
  input?.scrollIntoView({ block: 'center' })
  input?.focus({ preventScroll: true })
}

export function ConnectionList({
  view,
  connections,
  handlers,
}: {
  view: ConnectionView
  connections: ConnectionOutput[]
  handlers: ConnectionHandlers
}) {
  if (connections.length === 0) {
    const text = emptyText[view]
    return (
      <div className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center">
        <p className="font-semibold text-slate-900">{text.title}</p>
        <p className="mt-1 text-slate-600">{text.detail}</p>
        {view === 'connected' ? (
          // Find Friends is beside the list on a wide screen and under it on a phone: the button
          // takes the player there, ready to type.
          <Button variant="secondary" className={`mt-4 ${wrapsWords}`} onClick={focusFriendSearch}>
            <Search aria-hidden="true" className="size-4" />
            Find players
          </Button>
        ) : null}
      </div>
    )
  }
  return (
    <ul className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white px-4 shadow-sm">
      {connections.map((connection) => (
        <li key={connection.id} className="py-3">
          <PlayerLine
            player={connection.player}
            action={<Actions view={view} connection={connection} handlers={handlers} />}
            actionBelow={view === 'received'}
          >
            <div className="flex flex-wrap gap-1.5">
              {connection.type === 'partner' ? (
                <StatusBadge tone="amber">
                  <Handshake aria-hidden="true" className="size-3.5" />
                  Regular partner invitation
                </StatusBadge>
              ) : view === 'connected' ? (
                <StatusBadge tone="brand">Friends</StatusBadge>
              ) : (
                <StatusBadge tone="amber">
                  {view === 'sent' ? 'Request Sent' : 'Request Received'}
                </StatusBadge>
              )}
              {connection.isRegularPartner ? (
                <StatusBadge>
                  <Handshake aria-hidden="true" className="size-3.5" />
                  Regular partner
                </StatusBadge>
              ) : null}
            </div>
          </PlayerLine>
        </li>
      ))}
    </ul>
  )
}
