import { Eye, Search, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { toast } from '../../../lib/toast'
import type { AdminPlayDatesQuery } from '../../../../domain/admin/admin.schema'
import { formatPayment, statusLabel } from '../../../../domain/play-dates/play-date.rules'
import {
  regionLabel,
  stateName,
  states,
  typeLabel,
  type PlayDateSummary,
} from '../../../../domain/play-dates/play-date.schema'
import { ConfirmDialog } from '../../../components/ui/dialog'
import { useDebouncedValue } from '../../../lib/use-debounced-value'
import { useAdminPlayDates, useDeletePlayDate } from '../api/admin.queries'
import { PlayDateDetailsDialog } from './play-date-details-dialog'
import { Pagination, SortableHeader } from './sortable-header'
import { Badge, statusTone } from './status-badge'
import { AdminTable, Cell, HeaderCell, Row, TableFrame } from './table-frame'
import { IconButton, Select } from './controls'

type Sort = NonNullable<AdminPlayDatesQuery['sort']>
type Filters = Required<Omit<AdminPlayDatesQuery, 'search' | 'page'>>
const defaults: Filters = { status: 'all', type: 'all', state: 'all', sort: 'created_at', direction: 'desc' }

const doublesLabel = (value: string) =>
  value === 'any' ? 'Any Doubles' : `${value.charAt(0).toUpperCase()}${value.slice(1)} Doubles`

const requestWording = (count: number) => `${count} ${count === 1 ? 'request' : 'requests'}`

export function PlayDateManagement() {
  const [search, setSearch] = useState('')
  const [filters, setFilters] = useState<Filters>(defaults)
  const [page, setPage] = useState(1)
  const [viewing, setViewing] = useState<string | null>(null)
  const [deleting, setDeleting] = useState<PlayDateSummary | null>(null)
  const debouncedSearch = useDebouncedValue(search, 500)
  const list = useAdminPlayDates({ ...filters, search: debouncedSearch, page })
  const remove = useDeletePlayDate()

  const change = (next: Partial<Filters>) => {
    setFilters((current) => ({ ...current, ...next }))
    setPage(1)
  }
  const onSort = (sort: Sort, direction: 'asc' | 'desc') => change({ sort, direction })

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
      <label className="relative block">
        <span className="sr-only">Search play dates</span>
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-3 left-3 size-5 text-slate-400"
        />
        <input
          type="search"
          value={search}
          onChange={(event) => {
            setSearch(event.target.value)
            setPage(1)
          }}
          placeholder="Search play dates by creator or partner name..."
          className="min-h-11 w-full rounded-lg border border-slate-300 bg-white pr-3 pl-10"
        />
      </label>
      <div className="mt-3 grid gap-3 rounded-xl border border-slate-200 bg-slate-50 p-4 sm:grid-cols-2 lg:grid-cols-5">
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
        <div className="flex items-end">
          <button
            type="button"
            onClick={() => {
              setFilters(defaults)
              setSearch('')
              setPage(1)
            }}
            className="min-h-11 w-full rounded-lg border border-slate-300 bg-white px-4 font-semibold"
          >
            Reset Filters
          </button>
        </div>
      </div>

      <TableFrame
        isPending={list.isPending}
        error={list.isError ? 'Failed to load play dates' : null}
        isEmpty={list.data?.items.length === 0}
        onRetry={() => void list.refetch()}
        empty={<p className="font-semibold">No play dates found</p>}
      >
        {list.data ? (
          <AdminTable
            minWidth={900}
            head={
              <>
                <SortableHeader
                  label="Created"
                  column={'created_at' as Sort}
                  sort={filters.sort}
                  direction={filters.direction}
                  onSort={onSort}
                />
                <HeaderCell>Creator</HeaderCell>
                <SortableHeader
                  label="Type"
                  column={'type' as Sort}
                  sort={filters.sort}
                  direction={filters.direction}
                  onSort={onSort}
                />
                <SortableHeader
                  label="Status"
                  column={'status' as Sort}
                  sort={filters.sort}
                  direction={filters.direction}
                  onSort={onSort}
                />
                <SortableHeader
                  label="Payment"
                  column={'payment_min' as Sort}
                  sort={filters.sort}
                  direction={filters.direction}
                  onSort={onSort}
                />
                <HeaderCell>Location</HeaderCell>
                <HeaderCell>Actions</HeaderCell>
              </>
            }
          >
            {list.data.items.map((playDate) => {
              const { captain } = playDate.creatorTeam
              return (
                <Row key={playDate.id}>
                  <Cell label="Created">
                    <div>{new Date(playDate.createdAt).toLocaleDateString()}</div>
                    <div className="font-mono text-xs text-slate-500">{playDate.id.slice(0, 8)}</div>
                  </Cell>
                  <Cell label="Creator">
                    <div className="font-semibold">
                      {captain.firstName} {captain.lastName}
                    </div>
                    <div className="text-slate-600">
                      Team DUPR {playDate.creatorTeam.averageDupr.toFixed(2)}
                    </div>
                  </Cell>
                  <Cell label="Type">
                    <div className="font-semibold">{typeLabel(playDate.type)}</div>
                    <div className="text-slate-600">{doublesLabel(playDate.doublesType)}</div>
                  </Cell>
                  <Cell label="Status">
                    <Badge tone={statusTone(playDate.status)}>{statusLabel(playDate.status)}</Badge>
                    {playDate.status === 'open' ? (
                      <div className="mt-1 text-slate-600">{requestWording(playDate.requestCount)}</div>
                    ) : null}
                  </Cell>
                  <Cell label="Payment" className="font-semibold">
                    {formatPayment(playDate.paymentPerHourMin, playDate.paymentPerHourMax)}
                  </Cell>
                  <Cell label="Location">
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
                  </Cell>
                  <Cell label="Actions">
                    <div className="flex gap-1">
                      <IconButton
                        label={`View PlayDate ${playDate.id.slice(0, 8)}`}
                        onClick={() => setViewing(playDate.id)}
                      >
                        <Eye aria-hidden="true" className="size-4" />
                      </IconButton>
                      <IconButton
                        label={`Delete PlayDate ${playDate.id.slice(0, 8)}`}
                        onClick={() => setDeleting(playDate)}
                      >
                        <Trash2 aria-hidden="true" className="size-4 text-red-700" />
                      </IconButton>
                    </div>
                  </Cell>
                </Row>
              )
            })}
          </AdminTable>
        ) : null}
      </TableFrame>
      {list.data && list.data.total > 0 ? (
        <Pagination
          page={page}
          pageSize={list.data.pageSize}
          total={list.data.total}
          totalCapped={list.data.totalCapped}
          noun="play dates"
          onPage={setPage}
        />
      ) : null}
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
                Status: {statusLabel(deleting.status)} · Type: {typeLabel(deleting.type)} · Created:{' '}
                {new Date(deleting.createdAt).toLocaleDateString()}
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
