import { UsersRound } from 'lucide-react'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { Button } from '../../components/ui/button'
import { PageHeader } from '../../components/ui/page-header'
import { PageLoading } from '../../components/ui/spinner'
import { CreateGroupDialog, GroupCard, useMyGroups } from '../../features/groups'

// The player's groups of regulars (docs/decisions/0166-groups.md), and making one.
export default function GroupsPage() {
  const groups = useMyGroups()
  const navigate = useNavigate()
  const [creating, setCreating] = useState(false)

  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader
        title="Groups"
        description="The players you play with every week: make a group, send its link, see who is in."
        actions={
          <Button onClick={() => setCreating(true)}>
            <UsersRound aria-hidden="true" className="size-5" />
            Create Group
          </Button>
        }
      />
      {groups.isPending ? (
        <PageLoading label="Loading groups..." />
      ) : groups.isError ? (
        <div
          role="alert"
          className="rounded-2xl border border-red-200 bg-red-50 p-6 text-center text-red-900"
        >
          <p className="font-semibold">Could not load your groups.</p>
          <Button variant="secondary" className="mt-3" onClick={() => void groups.refetch()}>
            Try Again
          </Button>
        </div>
      ) : groups.data.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center">
          <h2 className="text-lg font-bold text-slate-900">No groups yet</h2>
          <p className="mt-1 text-slate-600">
            Create one for the players you meet every week, or open the invite link a group sent you.
          </p>
        </div>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {groups.data.map((group) => (
            <li key={group.id}>
              <GroupCard group={group} />
            </li>
          ))}
        </ul>
      )}
      <CreateGroupDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(id) => void navigate(`/groups/${id}`)}
      />
    </div>
  )
}
