import { Lock } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'react-router'
import type { GroupSummary } from '../../../../domain/groups/group.schema'
import { Button } from '../../../components/ui/button'
import { ConfirmDialog } from '../../../components/ui/dialog'
import { PageLoading } from '../../../components/ui/spinner'
import { toast } from '../../../lib/toast'
import { useAdminGroups, useCloseGroup } from '../api/groups.queries'
import { membersText } from './group-card'
import { formatDay } from '../../../../domain/display-dates'

// The admin's list of every group, the newest first: open one, or close it.
export function GroupManagement() {
  const groups = useAdminGroups()
  const close = useCloseGroup()
  const [closing, setClosing] = useState<GroupSummary | null>(null)

  if (groups.isPending) return <PageLoading label="Loading groups..." />
  if (groups.isError)
    return (
      <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-6 text-center text-red-900">
        <p className="font-semibold">Could not load the groups.</p>
        <Button variant="secondary" className="mt-3" onClick={() => void groups.refetch()}>
          Try Again
        </Button>
      </div>
    )
  if (groups.data.length === 0) return <p className="text-slate-600">No groups yet.</p>

  return (
    <>
      <ul className="grid gap-3 sm:grid-cols-2" aria-label="Groups">
        {groups.data.map((group) => (
          <li
            key={group.id}
            className="flex flex-col gap-2 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
          >
            <Link
              to={`/groups/${group.id}`}
              className="inline-flex min-h-11 items-center font-bold text-slate-900 underline-offset-2 hover:underline"
            >
              {group.name}
            </Link>
            <p className="flex flex-wrap items-center gap-x-3 text-sm text-slate-700">
              <span>{membersText(group.memberCount)}</span>
              {group.visibility === 'invite_only' ? (
                <span className="inline-flex items-center gap-1">
                  <Lock aria-hidden="true" className="size-4" />
                  Invite-only
                </span>
              ) : (
                <span>Open</span>
              )}
              <span>Created {formatDay(group.createdAt)}</span>
            </p>
            {group.closed ? (
              <p className="text-sm font-semibold text-red-800">Closed</p>
            ) : (
              <Button
                variant="danger"
                size="sm"
                className="self-start"
                onClick={() => setClosing(group)}
                aria-label={`Close group: ${group.name}`}
              >
                Close group
              </Button>
            )}
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={closing !== null}
        title="Close the group"
        message={
          closing ? `Close ${closing.name}? No one can join it any more; its members still see it.` : ''
        }
        confirmLabel="Close group"
        isPending={close.isPending}
        onConfirm={() => {
          if (!closing) return
          close.mutate(closing.id, {
            onSuccess: () => toast.success(`${closing.name} was closed`),
            onError: (error) => toast.error(error.message),
            onSettled: () => setClosing(null),
          })
        }}
        onCancel={() => setClosing(null)}
      />
    </>
  )
}
