import { Check, Clock, Eye, EyeOff, Handshake, Inbox, UserPlus } from 'lucide-react'
import { type ReactNode, useState } from 'react'
import type { PlayerSummary } from '../../../../domain/connections/connection.schema'
import type { PublicProfileOutput } from '../../../../domain/profiles/public-profile.schema'
import { Button, ButtonLink, wrapsWords } from '../../../components/ui/button'
import { ConfirmDialog } from '../../../components/ui/dialog'
import { nameOf, useConnectionActions } from '../hooks/use-connection-actions'

type Viewer = NonNullable<PublicProfileOutput['viewer']>

function State({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <span className="inline-flex min-h-11 items-center gap-2 rounded-lg bg-slate-100 px-4 text-sm font-semibold text-slate-800">
      {icon}
      {children}
    </span>
  )
}

const toReceived = { pathname: '/connections' }

// On another player's profile: befriend them (or see where the request stands), watch or stop
// watching, invite a friend as regular partner, and end that partnership (either side may; the
// friendship stays).
export function RelationshipActions({ player, viewer }: { player: PlayerSummary; viewer: Viewer }) {
  const actions = useConnectionActions()
  const busy = actions.isPending
  const [confirmEnd, setConfirmEnd] = useState(false)
  const partnershipId = viewer.partnerConnectionId

  const friend = {
    none: (
      <Button onClick={() => actions.sendFriendRequest(player)} disabled={busy}>
        <UserPlus aria-hidden="true" className="size-4" />
        Add Friend
      </Button>
    ),
    sent: <State icon={<Clock aria-hidden="true" className="size-4" />}>Request Sent</State>,
    received: (
      <ButtonLink to={toReceived} state={{ view: 'received' }} variant="secondary">
        <Inbox aria-hidden="true" className="size-4" />
        Request Received
      </ButtonLink>
    ),
    friends: <State icon={<Check aria-hidden="true" className="size-4 text-brand-700" />}>Friends</State>,
  }[viewer.friendStatus]

  let partner: ReactNode = null
  if (viewer.friendStatus === 'friends') {
    partner = {
      none: (
        <Button
          variant="secondary"
          className={wrapsWords}
          onClick={() => actions.inviteRegularPartner(player)}
          disabled={busy}
        >
          <Handshake aria-hidden="true" className="size-4" />
          Invite as regular partner
        </Button>
      ),
      sent: <State icon={<Clock aria-hidden="true" className="size-4" />}>Partner Invitation Sent</State>,
      received: (
        <ButtonLink to={toReceived} state={{ view: 'received' }} variant="secondary" className={wrapsWords}>
          <Inbox aria-hidden="true" className="size-4" />
          Partner Invitation Received
        </ButtonLink>
      ),
      partners: (
        <>
          <State icon={<Handshake aria-hidden="true" className="size-4 text-brand-700" />}>
            Regular Partner
          </State>
          {partnershipId ? (
            <Button
              variant="secondary"
              className={wrapsWords}
              onClick={() => setConfirmEnd(true)}
              disabled={busy}
            >
              End partnership
            </Button>
          ) : null}
        </>
      ),
    }[viewer.partnerStatus]
  }

  return (
    <>
      {friend}
      <Button
        variant="secondary"
        onClick={() => actions.setWatching(player, !viewer.isWatching)}
        disabled={busy}
      >
        {viewer.isWatching ? (
          <EyeOff aria-hidden="true" className="size-4" />
        ) : (
          <Eye aria-hidden="true" className="size-4" />
        )}
        {viewer.isWatching ? 'Unwatch' : 'Watch'}
      </Button>
      {partner}
      <ConfirmDialog
        open={confirmEnd}
        title="End regular partnership"
        message={`Stop being regular partners with ${nameOf(player)}? You stay friends.`}
        confirmLabel="End partnership"
        isPending={busy}
        onConfirm={() => {
          if (partnershipId) actions.removeConnection(partnershipId, () => setConfirmEnd(false))
        }}
        onCancel={() => setConfirmEnd(false)}
      />
    </>
  )
}
