import { ArrowLeft, LogOut, Plus } from 'lucide-react'
import { useState } from 'react'
import { Link, useNavigate, useParams } from 'react-router'
import { Button, ButtonLink } from '../../components/ui/button'
import { ConfirmDialog } from '../../components/ui/dialog'
import { PageHeader } from '../../components/ui/page-header'
import { PageLoading } from '../../components/ui/spinner'
import { useSession } from '../../features/auth'
import { PlayDateCard, useGamesMoveWithClock } from '../../features/play-dates'
import {
  GroupChat,
  GroupFacts,
  GroupMembers,
  groupKeys,
  GroupSeries,
  InviteLink,
  JoinRequests,
  useGroup,
  useGroupChat,
  useGroupSeries,
  useRemoveMember,
} from '../../features/groups'
import { isApiError } from '../../lib/api-client'
import { toast } from '../../lib/toast'

// A group's page: who is in, with their records; for organisers the invite link and the requests
// to answer (docs/decisions/0166-groups.md).
export default function GroupDetailPage() {
  const { id = '' } = useParams()
  const navigate = useNavigate()
  const group = useGroup(id)
  // The weekly games and the chat stand above the members, and are asked for with the group (the
  // same players may read all three): the page shows once each has answered, drawn whole, so the
  // members list never moves under a thumb as they fill in (docs/decisions/0237).
  const user = useSession().user
  const series = useGroupSeries(id)
  // The chat is its members' (and an admin's): asked for with the group, and no longer once the
  // group says the player reads none of it.
  const readsChat = !group.isError && (!group.data || Boolean(group.data.myRole) || Boolean(user?.isAdmin))
  const chat = useGroupChat(id, { enabled: readsChat })
  const leave = useRemoveMember(id)
  const [leaving, setLeaving] = useState(false)
  // Its coming games leave at their start, by the server's clock (docs/decisions/0229).
  useGamesMoveWithClock(group.data?.upcomingGames, groupKeys.group(id))

  if (!group.isError && (group.isPending || series.isPending || (readsChat && chat.messages.isPending)))
    return <PageLoading label="Loading group..." />
  if (group.isError) {
    const gone = isApiError(group.error) && group.error.code === 'not_found'
    return (
      <div
        role="alert"
        className="mx-auto max-w-xl rounded-2xl border border-slate-200 bg-white p-6 text-center"
      >
        <p className="font-semibold text-slate-900">
          {gone ? 'Group not found' : 'Could not load the group.'}
        </p>
        <div className="mt-3 flex justify-center gap-2">
          {gone ? null : (
            <Button variant="secondary" onClick={() => void group.refetch()}>
              Try Again
            </Button>
          )}
          <Button variant="secondary" onClick={() => void navigate('/groups')}>
            Your groups
          </Button>
        </div>
      </div>
    )
  }

  const data = group.data
  const organiser = data.myRole === 'owner' || data.myRole === 'organiser'
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <Link
        to="/groups"
        className="inline-flex min-h-11 items-center gap-1 text-sm font-semibold text-brand-800 underline-offset-2 hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        Your groups
      </Link>
      <PageHeader title={data.name} description={data.description || undefined} />
      <GroupFacts group={data} />
      {data.closed ? (
        <p
          role="status"
          className="rounded-2xl border border-red-200 bg-red-50 p-4 font-semibold text-red-900"
        >
          This group was closed. No one can join it any more.
        </p>
      ) : null}
      {organiser && data.invitePath && !data.closed ? (
        <InviteLink groupId={data.id} groupName={data.name} invitePath={data.invitePath} />
      ) : null}
      {data.closed ? null : <JoinRequests group={data} />}
      <section aria-labelledby="group-games" className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="group-games" className="text-lg font-bold text-slate-900">
            Upcoming games
          </h2>
          {organiser && !data.closed ? (
            <ButtonLink to={`/create-playdate?group=${data.id}`}>
              <Plus aria-hidden="true" className="size-4" />
              Post a game
            </ButtonLink>
          ) : null}
        </div>
        {data.upcomingGames.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-slate-300 p-4 text-sm text-slate-600">
            No games coming up.
            {organiser && !data.closed ? ' Post one: members see it before anyone else.' : null}
          </p>
        ) : (
          <ul className="grid gap-3 md:grid-cols-2">
            {data.upcomingGames.map((game) => (
              <li key={game.id}>
                <PlayDateCard playDate={game} viewerId={user?.id ?? ''} headingLevel={3} onGroupPage />
              </li>
            ))}
          </ul>
        )}
      </section>
      <GroupSeries
        groupId={data.id}
        series={series}
        homeVenueId={data.homeVenue?.id ?? null}
        closed={data.closed}
      />
      {data.myRole || user?.isAdmin ? (
        <GroupChat source={chat} viewerId={user?.id ?? ''} canSend={Boolean(data.myRole) && !data.closed} />
      ) : null}
      <GroupMembers group={data} viewerId={user?.id ?? ''} isAdmin={user?.isAdmin ?? false} />
      {data.myRole && data.myRole !== 'owner' ? (
        <div>
          <Button variant="secondary" onClick={() => setLeaving(true)}>
            <LogOut aria-hidden="true" className="size-4" />
            Leave group
          </Button>
        </div>
      ) : null}
      <ConfirmDialog
        open={leaving}
        title="Leave the group"
        message={`Leave ${data.name}? To come back you need its invite link.`}
        confirmLabel="Leave"
        isPending={leave.isPending}
        onConfirm={() =>
          leave.mutate(user?.id ?? '', {
            onSuccess: () => {
              toast.success(`You left ${data.name}`)
              void navigate('/groups')
            },
            onError: (error) => toast.error(error.message),
            onSettled: () => setLeaving(false),
          })
        }
        onCancel={() => setLeaving(false)}
      />
    </div>
  )
}
