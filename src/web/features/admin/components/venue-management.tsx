import { ArchiveRestore, Archive, Pencil, Plus } from 'lucide-react'
import { useState } from 'react'
import {
  regionLabel,
  regionsOf,
  type StateCode,
  stateName,
  states,
} from '../../../../domain/play-dates/play-date.constants'
import type { Venue } from '../../../../domain/venues/venue.schema'
import { venueAddressLine, venueSettingLabel } from '../../../../domain/venues/venue.constants'
import { Button } from '../../../components/ui/button'
import { ConfirmDialog } from '../../../components/ui/dialog'
import { toast } from '../../../lib/toast'
import { type AdminVenueListQuery, useAdminVenues, useSetVenueRetired } from '../api/admin.queries'
import { firstVenueFilters } from '../api/admin.query'
import { AdminFilters, Select } from './controls'
import { Badge } from './status-badge'
import { AdminTable, type Column } from './admin-table'
import { VenueFormDialog } from './venue-form-dialog'

type Retired = NonNullable<AdminVenueListQuery['retired']>
interface Filters {
  state: StateCode | 'all'
  region: string
  retired: Retired
}
const defaults: Filters = { state: 'all', region: 'all', retired: firstVenueFilters.retired }

const courtsWording = (count: number) => `${count} ${count === 1 ? 'court' : 'courts'}`
const venueWording = (count: number) => `${count} ${count === 1 ? 'venue' : 'venues'}`

// Editing: a venue, or 'new' for Add Venue.
type Editing = Venue | 'new' | null

const columns = ({
  onEdit,
  onRetire,
}: {
  onEdit: (venue: Venue) => void
  onRetire: (venue: Venue) => void
}): Column<Venue, never>[] => [
  {
    header: 'Venue',
    cell: (venue) => (
      <>
        <div className="font-semibold">{venue.name}</div>
        <div className="text-slate-600">{venueAddressLine(venue)}</div>
      </>
    ),
  },
  {
    header: 'Location',
    cell: (venue) => (
      <>
        <div>
          {venue.city}, {stateName(venue.state)}
        </div>
        <div className="text-slate-600">{regionLabel(venue.region)}</div>
      </>
    ),
  },
  { header: 'Courts', className: 'whitespace-nowrap', cell: (venue) => courtsWording(venue.courts) },
  { header: 'Setting', cell: (venue) => venueSettingLabel[venue.setting] },
  {
    header: 'Status',
    cell: (venue) => (
      <div className="flex flex-wrap gap-1">
        {venue.retired ? <Badge tone="red">Retired</Badge> : <Badge tone="green">In Use</Badge>}
        {venue.isDemo ? <Badge tone="grey">Demo Data</Badge> : null}
      </div>
    ),
  },
  {
    header: 'Actions',
    cell: (venue) => (
      // Side by side in the table; on a narrow phone card the second may wrap.
      <div className="flex flex-wrap gap-2 sm:flex-nowrap">
        <Button variant="secondary" aria-label={`Edit ${venue.name}`} onClick={() => onEdit(venue)}>
          <Pencil aria-hidden="true" className="size-4" /> Edit
        </Button>
        <Button
          variant="secondary"
          aria-label={`${venue.retired ? 'Restore' : 'Retire'} ${venue.name}`}
          onClick={() => onRetire(venue)}
        >
          {venue.retired ? (
            <ArchiveRestore aria-hidden="true" className="size-4" />
          ) : (
            <Archive aria-hidden="true" className="size-4 text-red-700" />
          )}
          {venue.retired ? 'Restore' : 'Retire'}
        </Button>
      </div>
    ),
  },
]

export function VenueManagement() {
  const [filters, setFilters] = useState<Filters>(defaults)
  const [editing, setEditing] = useState<Editing>(null)
  const [retiring, setRetiring] = useState<Venue | null>(null)
  const list = useAdminVenues({
    retired: filters.retired,
    state: filters.state === 'all' ? undefined : filters.state,
    regions: filters.state === 'all' || filters.region === 'all' ? undefined : filters.region,
  })
  const setRetired = useSetVenueRetired()
  const isFiltered =
    filters.state !== defaults.state ||
    filters.region !== defaults.region ||
    filters.retired !== defaults.retired

  const confirmRetired = async () => {
    if (!retiring) return
    const retired = !retiring.retired
    try {
      await setRetired.mutateAsync({ id: retiring.id, retired })
      toast.success(retired ? 'Venue retired' : 'Venue restored')
      setRetiring(null)
    } catch {
      toast.error(retired ? 'Failed to retire venue' : 'Failed to restore venue')
    }
  }

  return (
    <section aria-labelledby="venues-heading">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="venues-heading" className="text-lg font-semibold text-slate-700">
          Venues PlayDates are played at
        </h2>
        <Button onClick={() => setEditing('new')}>
          <Plus aria-hidden="true" className="size-4" /> Add Venue
        </Button>
      </div>
      <AdminFilters columns={4} onReset={() => setFilters(defaults)}>
        <Select
          label="State"
          value={filters.state}
          onChange={(state) =>
            setFilters((current) => ({ ...current, state: state as Filters['state'], region: 'all' }))
          }
          options={[['all', 'All States'], ...states.map((s): [string, string] => [s.code, s.name])]}
        />
        {filters.state === 'all' ? null : (
          <Select
            label="Region"
            value={filters.region}
            onChange={(region) => setFilters((current) => ({ ...current, region }))}
            options={[
              ['all', 'All Regions'],
              ...regionsOf(filters.state).map((r): [string, string] => [r.key, r.label]),
            ]}
          />
        )}
        <Select
          label="Status"
          value={filters.retired}
          onChange={(retired) => setFilters((current) => ({ ...current, retired: retired as Retired }))}
          options={[
            ['no', 'In Use'],
            ['yes', 'Retired'],
            ['all', 'All Venues'],
          ]}
        />
      </AdminFilters>

      <AdminTable
        columns={columns({ onEdit: setEditing, onRetire: setRetiring })}
        rows={list.data?.items}
        rowKey={(venue) => venue.id}
        minWidth={900}
        isPending={list.isPending}
        error={list.isError ? 'Failed to load venues' : null}
        onRetry={() => void list.refetch()}
        empty={
          isFiltered ? (
            <>
              <p className="font-semibold">No venues found</p>
              <p className="text-slate-600">Try adjusting your filter criteria.</p>
            </>
          ) : (
            <>
              <p className="font-semibold">No venues yet</p>
              <p className="text-slate-600">Add the first venue PlayDates can be played at.</p>
            </>
          )
        }
      />
      {list.data && list.data.items.length > 0 ? (
        <p className="mt-4 text-sm text-slate-600" aria-live="polite">
          Showing {venueWording(list.data.items.length)}
        </p>
      ) : null}
      <VenueFormDialog
        open={editing !== null}
        venue={editing === 'new' || editing === null ? undefined : editing}
        onClose={() => setEditing(null)}
      />
      <ConfirmDialog
        open={retiring !== null}
        title={retiring?.retired ? 'Restore Venue' : 'Retire Venue'}
        message={
          retiring ? (
            <span className="block space-y-2">
              <span className="block font-semibold">{retiring.name}</span>
              <span className="block">
                {retiring.retired
                  ? 'It comes back to the venues players choose from when they create a PlayDate.'
                  : 'It leaves the venues players choose from when they create a PlayDate. PlayDates already set there keep it, and you can restore it later.'}
              </span>
            </span>
          ) : null
        }
        confirmLabel={retiring?.retired ? 'Restore Venue' : 'Retire Venue'}
        tone={retiring?.retired ? 'primary' : 'danger'}
        isPending={setRetired.isPending}
        onConfirm={() => void confirmRetired()}
        onCancel={() => setRetiring(null)}
      />
    </section>
  )
}
