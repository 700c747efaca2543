import { Eye, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { toast } from '../../../lib/toast'
import type { AdminPlayDatesQuery } from '../../../../domain/admin/admin.schema'
import { formatPayment, statusLabel } from '../../../../domain/play-dates/play-date.rules'
import type { PlayDateSummary } from '../../../../domain/play-dates/play-date.schema'
import {
  kindLabel,
  playDateKind,
  regionLabel,
  stateName,
  states,
} from '../../../../domain/play-dates/play-date.constants'
import { spotsText } from '../../../../domain/play-dates/spots'
import { DotParts } from '../../../components/ui/dot-parts'
import { ConfirmDialog } from '../../../components/ui/dialog'
import { useAdminPlayDates, useDeletePlayDate } from '../api/admin.queries'
import { useAdminList } from '../hooks/use-admin-list'
import { firstPlayDateFilters } from '../api/admin.query'
import { PlayDateDetailsDialog } from './play-date-details-dialog'
import { Pagination } from './sortable-header'
import { Badge, statusTone } from './status-badge'
import { AdminTable, type Column } from './admin-table'
import { AdminFilters, IconButton, SearchField, Select } from './controls'
import { formatDay } from '../../../../domain/display-dates'

type Sort = NonNullable<AdminPlayDatesQuery['sort']>
type Filters = Required<Omit<AdminPlayDatesQuery, 'search' | 'page'>>
const defaults: Filters = firstPlayDateFilters

const doublesLabel = (value: string) =>
  value === 'any' ? 'Any Doubles' : `${value.charAt(0).toUpperCase()}${value.slice(1)} Doubles`

const requestWording = (count: number) => `${count} ${count === 1 ? 'request' : 'requests'}`

const columns = ({
  onView,
  onDelete,
}: {
  onView: (id: string) => void
  onDelete: (playDate: PlayDateSummary) => void
}): Column<PlayDateSummary, Sort>[] => [
  {
    header: 'Created',
    sort: 'created_at',
    cell: (playDate) => (
      <>
        <div>{formatDay(playDate.createdAt)}</div>
        <div className="font-mono text-xs text-slate-500">{playDate.id.slice(0, 8)}</div>
      </>
    ),
  },
  {
    header: 'Creator',
    cell: ({ creatorTeam }) => (
      <>
        <div className="font-semibold">
          {creatorTeam.captain.firstName} {creatorTeam.captain.lastName}
        </div>
        <div className="text-slate-600">Team DUPR {creatorTeam.averageDupr.toFixed(2)}</div>
      </>
    ),
  },
  {
    header: 'Type',
    sort: 'type',
    cell: (playDate) => (
      <>
        <div className="font-semibold">{kindLabel(playDateKind(playDate))}</div>
        <div className="text-slate-600">{doublesLabel(playDate.doublesType)}</div>
      </>
    ),
  },
  {
    header: 'Status',
    sort: 'status',
    cell: (playDate) => (
      <>
        <Badge tone={statusTone(playDate.status)}>{statusLabel(playDate.status)}</Badge>
        {playDate.status === 'open' ? (
          <div className="mt-1 text-slate-600">{requestWording(playDate.requestCount)}</div>
        ) : null}
        {/* The open spots: an open PlayDate's, or a full game's a player dropped out of. */}
        {(playDate.status === 'open' || playDate.status === 'matched') && playDate.spots.left > 0 ? (
          <div className="text-slate-600">
            <DotParts text={spotsText(playDate.spots)} />
          </div>
        ) : null}
      </>
    ),
  },
  {
    header: 'Payment',
    sort: 'payment_min',
    className: 'font-semibold',
    cell: (playDate) => formatPayment(playDate.paymentPerHourMin, playDate.paymentPerHourMax),
  },
  {
    header: 'Location',
    cell: (playDate) => (
      <>
        <div>{stateName(playDate.state)}</div>
        <div className="mt-1 flex flex-wrap gap-1">
          {playDate.regions.slice(0, 2).map((region) => (
            <span key={region} className="rounded-full bg-slate-100 px-2 py-0.5 text-xs">
              {regionLabel(region)}
            </span>
          ))}
          {playDate.regions.length > 2 ? (
            <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs">
              +{playDate.regions.length - 2} more
            </span>
          ) : null}
        </div>
      </>
    ),
  },
  {
    header: 'Actions',
    cell: (playDate) => (
      <div className="flex flex-wrap gap-1">
        <IconButton
          word="View"
          label={`View PlayDate ${playDate.id.slice(0, 8)}`}
          onClick={() => onView(playDate.id)}
        >
          <Eye aria-hidden="true" className="size-4" />
        </IconButton>
        <IconButton
          word="Delete"
          label={`Delete PlayDate ${playDate.id.slice(0, 8)}`}
          onClick={() => onDelete(playDate)}
        >
          <Trash2 aria-hidden="true" className="size-4 text-red-700" />
        </IconButton>
      </div>
    ),
  },
]

export function PlayDateManagement() {
  const { search, filters, page, setPage, change, query, onSearch, onSort, reset } = useAdminList(defaults)
  const [viewing, setViewing] = useState<string | null>(null)
  const [deleting, setDeleting] = useState<PlayDateSummary | null>(null)
  const list = useAdminPlayDates(query)
  const remove = useDeletePlayDate()

  const confirmDelete = async () => {
    if (!deleting) return
    try {
      await remove.mutateAsync(deleting.id)
      toast.success('PlayDate deleted successfully')
      setDeleting(null)
    } catch {
      toast.error('Failed to delete play date')
    }
  }

  return (
    <section aria-labelledby="play-dates-heading">
      <h2 id="play-dates-heading" className="sr-only">
        PlayDate Management
      </h2>
      <SearchField
        label="Search play dates"
        placeholder="Search play dates by creator or partner name..."
        value={search}
        onChange={onSearch}
      />
      <AdminFilters columns={5} onReset={reset}>
        <Select
          label="Status"
          value={filters.status}
          onChange={(status) => change({ status: status as Filters['status'] })}
          options={[
            ['all', 'All Statuses'],
            ['open', 'Open'],
            ['matched', 'Matched'],
            ['completed', 'Completed'],
            ['cancelled', 'Cancelled'],
          ]}
        />
        <Select
          label="Type"
          value={filters.type}
          onChange={(type) => change({ type: type as Filters['type'] })}
          options={[
            ['all', 'All Types'],
            ['challenge', 'Challenge (Pay)'],
            ['earn', 'Earn (Teach)'],
          ]}
        />
        <Select
          label="State"
          value={filters.state}
          onChange={(state) => change({ state: state as Filters['state'] })}
          options={[['all', 'All States'], ...states.map((s): [string, string] => [s.code, s.name])]}
        />
        <Select
          label="Sort By"
          value={filters.sort}
          onChange={(sort) => change({ sort: sort as Sort })}
          options={[
            ['created_at', 'Creation Date'],
            ['updated_at', 'Last Updated'],
            ['payment_min', 'Min Payment'],
            ['payment_max', 'Max Payment'],
          ]}
        />
      </AdminFilters>

      <AdminTable
        columns={columns({ onView: setViewing, onDelete: setDeleting })}
        rows={list.data?.items}
        rowKey={(playDate) => playDate.id}
        minWidth={900}
        sort={{ sort: filters.sort, direction: filters.direction, onSort }}
        isPending={list.isPending}
        error={list.isError ? 'Failed to load play dates' : null}
        onRetry={() => void list.refetch()}
        empty={<p className="font-semibold">No play dates found</p>}
      />
      <Pagination page={page} list={list.data} noun="play dates" onPage={setPage} />
      <PlayDateDetailsDialog playDateId={viewing} onClose={() => setViewing(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title="Confirm Deletion"
        message={
          deleting ? (
            <span className="block space-y-2">
              <span className="block font-semibold">Delete PlayDate</span>
              <span className="block">This action cannot be undone.</span>
              <span className="block text-sm">
                Creator: {deleting.creatorTeam.captain.firstName} {deleting.creatorTeam.captain.lastName} ·
                Status: {statusLabel(deleting.status)} · Type: {kindLabel(playDateKind(deleting))} · Created:{' '}
                {formatDay(deleting.createdAt)}
              </span>
            </span>
          ) : null
        }
        confirmLabel="Delete PlayDate"
        isPending={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </section>
  )
}
