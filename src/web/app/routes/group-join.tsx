import { useNavigate, useParams } from 'react-router'
import { Button, ButtonLink } from '../../components/ui/button'
import { PageHeader } from '../../components/ui/page-header'
import { PageLoading } from '../../components/ui/spinner'
import { GroupFacts, useGroupInvite, useJoinGroup } from '../../features/groups'
import { isApiError } from '../../lib/api-client'
import { toast } from '../../lib/toast'

// Where a group's invite link leads: the group, and Join group (open) or Ask to join
// (invite-only), or a way in for a member (docs/decisions/0166-groups.md).
export default function GroupJoinPage() {
  const { code = '' } = useParams()
  const navigate = useNavigate()
  const invite = useGroupInvite(code)
  const join = useJoinGroup()

  if (invite.isPending) return <PageLoading label="Loading group..." />
  if (invite.isError) {
    const message = isApiError(invite.error) ? invite.error.message : 'Could not load the group.'
    return (
      <div
        role="alert"
        className="mx-auto max-w-xl rounded-2xl border border-slate-200 bg-white p-6 text-center"
      >
        <p className="font-semibold text-slate-900">{message}</p>
        <ButtonLink to="/groups" variant="secondary" className="mt-3">
          Your groups
        </ButtonLink>
      </div>
    )
  }

  const group = invite.data
  const onJoin = () =>
    join.mutate(code, {
      onSuccess: (answer) => {
        if (answer.status === 'joined') {
          toast.success(`Welcome to ${group.name}`)
          void navigate(`/groups/${answer.groupId}`)
        } else toast.success('Request sent. An organiser will answer it.')
      },
      onError: (error) => toast.error(error.message),
    })

  return (
    <div className="mx-auto max-w-xl space-y-4">
      <PageHeader title={group.name} description={group.description || undefined} />
      <GroupFacts group={group} />
      <div className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
        {group.myStatus === 'member' ? (
          <>
            <p className="font-semibold text-slate-900">You are a member of this group.</p>
            <ButtonLink to={`/groups/${group.id}`} className="mt-3">
              Open the group
            </ButtonLink>
          </>
        ) : group.myStatus === 'asked' ? (
          <p role="status" className="font-semibold text-slate-900">
            You asked to join. An organiser will answer your request.
          </p>
        ) : (
          <>
            <p className="text-slate-700">
              {group.visibility === 'open'
                ? 'Anyone with this link can join.'
                : 'An organiser accepts each request to join.'}
            </p>
            <Button className="mt-3" onClick={onJoin} disabled={join.isPending}>
              {group.visibility === 'open' ? 'Join group' : 'Ask to join'}
            </Button>
          </>
        )}
      </div>
    </div>
  )
}
