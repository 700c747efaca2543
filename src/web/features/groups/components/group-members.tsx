import { Check, ShieldCheck, UserMinus, X } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'react-router'
import {
  type GroupDetail,
  type GroupMember,
  type GroupRole,
  roleLabels,
} from '../../../../domain/groups/group.schema'
import { reliabilityLine } from '../../../../domain/play-dates/results.rules'
import { duprLine } from '../../../../domain/players/rating.rules'
import { Avatar } from '../../../components/ui/avatar'
import { Button, wrapsWords } from '../../../components/ui/button'
import { DotParts } from '../../../components/ui/dot-parts'
import { ConfirmDialog } from '../../../components/ui/dialog'
import { toast } from '../../../lib/toast'
import type { PlayerSummary } from '../../../../domain/play-dates/play-date.schema'
import { fullName } from '../../play-dates'
import { useAnswerJoinRequest, useRemoveMember, useSetMemberRole } from '../api/groups.queries'
const manages = (role: GroupRole | null) => role === 'owner' || role === 'organiser'

// A player's face, their name to their profile, and a line under it; the link covers the line
// (face, name and detail: a target over 44 px tall), so the detail sits right under the name.
// `you`: the viewer's own line, marked "You" beside the name (the name stays the link's name).
function PlayerLine({
  player,
  name,
  detail,
  you = false,
  className = '',
}: {
  player: PlayerSummary
  name: string
  detail: string
  you?: boolean
  className?: string
}) {
  return (
    <div className={`relative flex min-w-0 items-center gap-3 ${className}`}>
      <Avatar person={player} size="md" />
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-x-2">
          <Link
            to={`/profile/${player.id}`}
            className="font-semibold break-words text-slate-900 underline-offset-2 after:absolute after:inset-0 after:rounded-lg hover:underline focus-visible:outline-none focus-visible:after:outline-3 focus-visible:after:outline-brand-700 focus-visible:after:outline-solid"
          >
            {name}
          </Link>
          {you ? (
            <span className="rounded bg-brand-50 px-1.5 py-0.5 text-xs font-semibold text-brand-800 ring-1 ring-brand-200 ring-inset">
              You
            </span>
          ) : null}
        </p>
        <p className="text-sm text-slate-600">
          <DotParts text={detail} />
        </p>
      </div>
    </div>
  )
}

// Who the viewer may remove: organisers remove members, only the owner removes organisers; no one
// removes the owner (the server holds the same rules).
function mayRemove(viewer: GroupRole | null, isAdmin: boolean, member: GroupMember) {
  if (member.role === 'owner') return false
  if (member.role === 'organiser') return viewer === 'owner' || isAdmin
  return manages(viewer) || isAdmin
}

// What the owner's button on a member's card does: the role it gives.
const roleAction = (member: { role: string }) =>
  member.role === 'organiser' ? 'Make member' : 'Make organiser'

export function GroupMembers({
  group,
  viewerId,
  isAdmin,
}: {
  group: GroupDetail
  viewerId: string
  isAdmin: boolean
}) {
  const remove = useRemoveMember(group.id)
  const setRole = useSetMemberRole(group.id)
  const [removing, setRemoving] = useState<GroupMember | null>(null)

  const changeRole = (member: GroupMember, role: 'organiser' | 'member') =>
    setRole.mutate(
      { userId: member.player.id, role },
      {
        onSuccess: () =>
          toast.success(
            role === 'organiser'
              ? `${fullName(member.player)} is now an organiser`
              : `${fullName(member.player)} is now a member`,
          ),
        onError: (error) => toast.error(error.message),
      },
    )

  return (
    <section aria-labelledby="group-members">
      <h2 id="group-members" className="mb-3 text-lg font-bold text-slate-900">
        Members ({group.members.length})
      </h2>
      <ul className="grid gap-3 sm:grid-cols-2">
        {group.members.map((member) => (
          <li
            key={member.player.id}
            className="flex flex-col gap-2 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
          >
            <PlayerLine
              player={member.player}
              name={fullName(member.player)}
              you={member.player.id === viewerId}
              detail={`${roleLabels[member.role]} · ${duprLine(member.player)}`}
            />
            {member.player.reliability ? (
              <p className="text-sm text-slate-700">
                <DotParts text={reliabilityLine(member.player.reliability)} />
              </p>
            ) : null}
            {group.closed ? null : (
              <div className="flex flex-wrap gap-2">
                {group.myRole === 'owner' && member.role !== 'owner' ? (
                  <Button
                    variant="secondary"
                    size="sm"
                    className={wrapsWords}
                    disabled={setRole.isPending}
                    onClick={() => changeRole(member, member.role === 'organiser' ? 'member' : 'organiser')}
                    // Named whole here: the words and a hidden name beside them, each a flex item,
                    // were read "Make organiser : Kim …" (a space before the colon).
                    aria-label={`${roleAction(member)}: ${fullName(member.player)}`}
                  >
                    <ShieldCheck aria-hidden="true" className="size-4" />
                    {roleAction(member)}
                  </Button>
                ) : null}
                {member.player.id !== viewerId && mayRemove(group.myRole, isAdmin, member) ? (
                  <Button variant="ghost" size="sm" onClick={() => setRemoving(member)}>
                    <UserMinus aria-hidden="true" className="size-4" />
                    Remove
                    <span className="sr-only"> {fullName(member.player)}</span>
                  </Button>
                ) : null}
              </div>
            )}
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={removing !== null}
        title="Remove from the group"
        message={removing ? `Remove ${fullName(removing.player)} from ${group.name}?` : ''}
        confirmLabel="Remove"
        isPending={remove.isPending}
        onConfirm={() => {
          if (!removing) return
          remove.mutate(removing.player.id, {
            onSuccess: () => toast.success(`${fullName(removing.player)} was removed`),
            onError: (error) => toast.error(error.message),
            onSettled: () => setRemoving(null),
          })
        }}
        onCancel={() => setRemoving(null)}
      />
    </section>
  )
}

// Requests to join an invite-only group, for its organisers to answer.
export function JoinRequests({ group }: { group: GroupDetail }) {
  const answer = useAnswerJoinRequest(group.id)
  if (group.joinRequests.length === 0) return null
  return (
    <section aria-labelledby="join-requests">
      <h2 id="join-requests" className="mb-3 text-lg font-bold text-slate-900">
        Asking to join ({group.joinRequests.length})
      </h2>
      <ul className="grid gap-3">
        {group.joinRequests.map((request) => {
          const name = fullName(request.player)
          const reply = (kind: 'accept' | 'decline') =>
            answer.mutate(
              { requestId: request.id, answer: kind },
              {
                onSuccess: () =>
                  toast.success(kind === 'accept' ? `${name} joined the group` : 'Request declined'),
                onError: (error) => toast.error(error.message),
              },
            )
          return (
            <li
              key={request.id}
              className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:items-center"
            >
              <PlayerLine
                player={request.player}
                name={name}
                detail={duprLine(request.player)}
                className="flex-1"
              />
              <div className="flex gap-2">
                <Button
                  variant="secondary"
                  disabled={answer.isPending}
                  onClick={() => reply('decline')}
                  aria-label={`Decline ${name}`}
                >
                  <X aria-hidden="true" className="size-4" />
                  Decline
                </Button>
                <Button
                  disabled={answer.isPending}
                  onClick={() => reply('accept')}
                  aria-label={`Accept ${name}`}
                >
                  <Check aria-hidden="true" className="size-4" />
                  Accept
                </Button>
              </div>
            </li>
          )
        })}
      </ul>
    </section>
  )
}
