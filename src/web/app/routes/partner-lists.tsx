import { ListPlus, Users } from 'lucide-react'
import { useState } from 'react'
import { toast } from '../../lib/toast'
import { NEED_A_FRIEND, type PartnerListSummary } from '../../../domain/partner-lists/partner-list.schema'
import { Button, ButtonLink } from '../../components/ui/button'
import { ConfirmDialog } from '../../components/ui/dialog'
import { PageHeader } from '../../components/ui/page-header'
import { PageLoading } from '../../components/ui/spinner'
import {
  CreateListDialog,
  PartnerListCard,
  useDeletePartnerList,
  usePartnerListFriends,
  usePartnerLists,
} from '../../features/partner-lists'

export default function PartnerListsPage() {
  const lists = usePartnerLists()
  const friends = usePartnerListFriends()
  const deleteList = useDeletePartnerList()
  const [creating, setCreating] = useState(false)
  const [deleting, setDeleting] = useState<PartnerListSummary | null>(null)
  const hasNoFriends = friends.isSuccess && friends.data.length === 0

  const confirmDelete = async () => {
    if (!deleting) return
    try {
      await deleteList.mutateAsync(deleting.id)
      toast.success('List deleted successfully')
    } catch {
      toast.error('Error deleting list')
    } finally {
      setDeleting(null)
    }
  }

  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader
        title="Partner Lists"
        description="Rank the partners you would like for each tournament, and invite those who are not on the app yet."
        actions={
          <Button onClick={() => setCreating(true)} disabled={friends.isPending || hasNoFriends}>
            <ListPlus aria-hidden="true" className="size-5" />
            Create List
          </Button>
        }
      />

      {hasNoFriends ? (
        <div
          role="note"
          className="mb-6 flex flex-col gap-3 rounded-2xl border border-amber-300 bg-amber-50 p-4 text-amber-950 sm:flex-row sm:items-center sm:justify-between"
        >
          <p className="flex items-start gap-2 font-medium">
            <Users aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
            {NEED_A_FRIEND}
          </p>
          <ButtonLink to="/connections" variant="secondary" size="sm">
            Find friends
          </ButtonLink>
        </div>
      ) : null}

      {lists.isPending ? (
        <PageLoading label="Loading lists..." />
      ) : lists.isError ? (
        <div
          role="alert"
          className="rounded-2xl border border-red-200 bg-red-50 p-6 text-center text-red-900"
        >
          <p className="font-semibold">Error loading lists</p>
          <Button variant="secondary" className="mt-3" onClick={() => void lists.refetch()}>
            Try Again
          </Button>
        </div>
      ) : lists.data.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center">
          <h2 className="text-lg font-bold text-slate-900">No partner lists</h2>
          <p className="mt-1 text-slate-600">
            Create a list for a tournament and add the partners you would like to play with, in order.
          </p>
        </div>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {lists.data.map((list) => (
            <li key={list.id}>
              <PartnerListCard list={list} onDelete={setDeleting} />
            </li>
          ))}
        </ul>
      )}

      <CreateListDialog open={creating} onClose={() => setCreating(false)} />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete list"
        message="Are you sure you want to delete this list? This action cannot be undone."
        confirmLabel="Delete"
        isPending={deleteList.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </div>
  )
}
