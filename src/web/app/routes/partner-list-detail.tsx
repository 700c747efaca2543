import { useQueryClient } from '@tanstack/react-query'
import { ArrowLeft, UserPlus } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Link, useNavigate, useParams } from 'react-router'
import { errorDetail } from '../../lib/api-client'
import { toast } from '../../lib/toast'
import type { PartnerEntry } from '../../../domain/partner-lists/partner-list.schema'
import { Button } from '../../components/ui/button'
import { ConfirmDialog } from '../../components/ui/dialog'
import { PageHeader } from '../../components/ui/page-header'
import { PageLoading } from '../../components/ui/spinner'
import {
  AddPartnerDialog,
  partnerListKeys,
  SortableEntries,
  usePartnerList,
  useRemoveEntry,
  useReorderEntries,
} from '../../features/partner-lists'
import { outcome } from '../../lib/outcome'

export default function PartnerListDetailPage() {
  const { id = '' } = useParams()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const list = usePartnerList(id)
  const reorder = useReorderEntries(id)
  const remove = useRemoveEntry(id)
  const [adding, setAdding] = useState(false)
  const [removing, setRemoving] = useState<PartnerEntry | null>(null)
  const failedFirstLoad = list.isError && list.data === undefined

  // A list that cannot be loaded (gone, someone else's, or the network): back to all lists.
  useEffect(() => {
    if (!failedFirstLoad) return
    toast.error('Error loading list', { id: 'partner-list-load' })
    void navigate('/partner-lists', { replace: true })
  }, [failedFirstLoad, navigate])

  if (list.isPending || failedFirstLoad) return <PageLoading label="Loading list..." />

  const entries = list.data.entries

  const saveOrder = (entryIds: string[]) => {
    outcome(reorder.mutateAsync(entryIds), {
      onError: (error) => {
        toast.error('Error updating order', { description: errorDetail(error) })
        void queryClient.invalidateQueries({ queryKey: partnerListKeys.list(id) })
      },
    })
  }

  const confirmRemove = async () => {
    if (!removing) return
    try {
      await remove.mutateAsync(removing.id)
      toast.success('Partner removed from list')
    } catch (error) {
      toast.error('Error removing partner', { description: errorDetail(error) })
    } finally {
      setRemoving(null)
    }
  }

  return (
    <div className="mx-auto max-w-3xl">
      <Link
        to="/partner-lists"
        className="mb-3 inline-flex min-h-11 items-center gap-1 text-sm font-semibold text-brand-700 hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        Partner Lists
      </Link>
      <PageHeader
        title={list.data.name}
        description="Put your partners in order of preference: drag them by the handle, or use the keyboard."
        actions={
          <Button onClick={() => setAdding(true)}>
            <UserPlus aria-hidden="true" className="size-5" />
            Add Partner
          </Button>
        }
      />

      {list.isRefetchError ? (
        <div
          role="alert"
          className="mb-4 flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-red-200 bg-red-50 p-4 text-red-900"
        >
          <p className="font-semibold">Error loading entries</p>
          <Button variant="secondary" size="sm" onClick={() => void list.refetch()}>
            Try Again
          </Button>
        </div>
      ) : null}

      {entries.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center">
          <h2 className="text-lg font-bold text-slate-900">No partners added</h2>
          <p className="mt-1 text-slate-600">Add friends or anyone you play with, then put them in order.</p>
        </div>
      ) : (
        <SortableEntries listId={id} entries={entries} onReorder={saveOrder} onRemove={setRemoving} />
      )}

      <AddPartnerDialog open={adding} listId={id} entries={entries} onClose={() => setAdding(false)} />
      <ConfirmDialog
        open={removing !== null}
        title="Remove partner"
        message="Are you sure you want to remove this partner from the list?"
        confirmLabel="Remove"
        isPending={remove.isPending}
        onConfirm={() => void confirmRemove()}
        onCancel={() => setRemoving(null)}
      />
    </div>
  )
}
