import { Eye, Filter, Pause, Play, RefreshCw, Shield, ShieldOff } from 'lucide-react'
import { useState } from 'react'
import { toast } from '../../../lib/toast'
import type { AdminUser, AdminUsersQuery } from '../../../../domain/admin/admin.schema'
import { type AccessChange, useAdminUsers, useUpdateUserAccess } from '../api/admin.queries'
import { firstUserFilters } from '../api/admin.query'
import { useAdminList } from '../hooks/use-admin-list'
import { accessMessage } from './access-message'
import { Pagination } from './sortable-header'
import { Badge } from './status-badge'
import { AdminTable, type Column } from './admin-table'
import { AdminFilters, IconButton, SearchField, Select } from './controls'
import { UserDetailsDialog } from './user-details-dialog'
import { duprText } from '../../../../domain/players/rating.rules'
import { OWN_ACCESS_REFUSED, OWN_ADMIN_STATUS_REFUSED } from '../../../../domain/admin/own-access'
import { useSession } from '../../auth'
import { formatDay } from '../../../../domain/display-dates'

type Sort = NonNullable<AdminUsersQuery['sort']>

const columns = ({
  onView,
  onToggle,
  isUpdating,
  ownId,
}: {
  onView: (id: string) => void
  onToggle: (user: AdminUser, input: AccessChange) => Promise<void>
  isUpdating: boolean
  // The signed-in admin: their own admin status and access are not theirs to change.
  ownId: string | undefined
}): Column<AdminUser, Sort>[] => [
  {
    header: 'Name',
    phone: 'title',
    sort: 'first_name',
    cell: (user) => (
      <>
        <div className="font-semibold">
          {user.firstName} {user.lastName}
          {user.id === ownId ? <span className="font-normal text-slate-600"> (you)</span> : null}
        </div>
        <div className="text-slate-600">{user.zipCode ?? 'No ZIP code'}</div>
      </>
    ),
  },
  { header: 'Gender', sort: 'gender', className: 'capitalize', phone: 'fact', cell: (user) => user.gender },
  {
    header: 'DUPR Rating',
    phone: 'fact',
    sort: 'dupr_rating',
    cell: (user) => (
      <>
        <div className="font-semibold">{duprText(user)}</div>
        <div className="text-slate-600">Self: {user.selfRating.toFixed(2)}</div>
      </>
    ),
  },
  { header: 'Registered', sort: 'created_at', phone: 'fact', cell: (user) => formatDay(user.createdAt) },
  {
    header: 'Status',
    phone: 'aside',
    cell: (user) => (
      <div className="flex flex-wrap justify-end gap-1 sm:justify-start">
        {user.isAdmin ? <Badge tone="purple">Admin</Badge> : null}
        {user.isPaused ? <Badge tone="red">Paused</Badge> : <Badge tone="green">Active</Badge>}
      </div>
    ),
  },
  {
    header: 'Actions',
    phone: 'actions',
    cell: (user) => (
      // On a phone the three actions share the card's last line (docs/decisions/0221); View's word
      // is the shortest, so it takes less of the line and "Resume Access" keeps one line.
      <div className="grid grid-cols-[2fr_3fr_3fr] gap-2 sm:flex sm:gap-1">
        <IconButton
          stacked
          word="View"
          label={`View details of ${user.firstName} ${user.lastName}`}
          onClick={() => onView(user.id)}
        >
          <Eye className="size-4" aria-hidden="true" />
        </IconButton>
        <IconButton
          stacked
          word={user.isAdmin ? 'Remove Admin' : 'Make Admin'}
          label={`${user.isAdmin ? 'Remove Admin' : 'Make Admin'}: ${user.firstName} ${user.lastName}`}
          onClick={() => void onToggle(user, { isAdmin: !user.isAdmin })}
          disabled={isUpdating}
          unavailable={user.id === ownId ? OWN_ADMIN_STATUS_REFUSED : undefined}
        >
          {user.isAdmin ? (
            <ShieldOff className="size-4" aria-hidden="true" />
          ) : (
            <Shield className="size-4" aria-hidden="true" />
          )}
        </IconButton>
        <IconButton
          stacked
          word={user.isPaused ? 'Resume Access' : 'Pause Access'}
          label={`${user.isPaused ? 'Resume Access' : 'Pause Access'}: ${user.firstName} ${user.lastName}`}
          onClick={() => void onToggle(user, { isPaused: !user.isPaused })}
          disabled={isUpdating}
          unavailable={user.id === ownId ? OWN_ACCESS_REFUSED : undefined}
        >
          {user.isPaused ? (
            <Play className="size-4" aria-hidden="true" />
          ) : (
            <Pause className="size-4" aria-hidden="true" />
          )}
        </IconButton>
      </div>
    ),
  },
]

export function UserManagement() {
  const { search, filters, page, setPage, change, query, onSearch, onSort, reset } =
    useAdminList<Required<Omit<AdminUsersQuery, 'search' | 'page'>>>(firstUserFilters)
  const [showFilters, setShowFilters] = useState(false)
  const [selected, setSelected] = useState<string | null>(null)
  const users = useAdminUsers(query)
  const update = useUpdateUserAccess()
  const session = useSession()

  const toggle = async (user: AdminUser, input: AccessChange) => {
    try {
      await update.mutateAsync({ id: user.id, ...input })
      toast.success(accessMessage(input))
    } catch (error) {
      toast.error(error instanceof Error && error.message ? error.message : 'Failed to update user')
    }
  }

  return (
    <section aria-labelledby="users-heading">
      <h2 id="users-heading" className="sr-only">
        User Management
      </h2>
      <div className="flex flex-col gap-2 sm:flex-row">
        <SearchField
          label="Search users"
          placeholder="Search users by name or email..."
          value={search}
          onChange={onSearch}
        />
        <div className="flex gap-2">
          <button
            type="button"
            aria-expanded={showFilters}
            aria-controls="user-filters"
            onClick={() => setShowFilters((v) => !v)}
            className="inline-flex min-h-11 items-center gap-2 rounded-lg border border-slate-300 bg-white px-4 font-semibold"
          >
            <Filter aria-hidden="true" className="size-4" /> Filters
          </button>
          <button
            type="button"
            onClick={() => void users.refetch()}
            className="inline-flex min-h-11 items-center gap-2 rounded-lg border border-slate-300 bg-white px-4 font-semibold"
          >
            <RefreshCw aria-hidden="true" className={`size-4 ${users.isFetching ? 'animate-spin' : ''}`} />
            Refresh
          </button>
        </div>
      </div>

      {showFilters ? (
        <AdminFilters id="user-filters" columns={5} onReset={reset}>
          <Select
            label="Gender"
            value={filters.gender}
            onChange={(gender) => change({ gender: gender as typeof filters.gender })}
            options={[
              ['all', 'All'],
              ['male', 'Male'],
              ['female', 'Female'],
            ]}
          />
          <Select
            label="Admin Status"
            value={filters.admin}
            onChange={(admin) => change({ admin: admin as typeof filters.admin })}
            options={[
              ['all', 'All Users'],
              ['yes', 'Admins Only'],
              ['no', 'Regular Users Only'],
            ]}
          />
          <Select
            label="Access Status"
            value={filters.paused}
            onChange={(paused) => change({ paused: paused as typeof filters.paused })}
            options={[
              ['all', 'All Users'],
              ['yes', 'Paused Users'],
              ['no', 'Active Users'],
            ]}
          />
          <Select
            label="Sort By"
            value={filters.sort}
            // A new order starts ascending, as a new column header does (spec 001, 2.15); the
            // registration date goes back to the default order, newest first. Keeping the previous
            // direction sorted First Name from Z.
            onChange={(sort) =>
              change({ sort: sort as Sort, direction: sort === 'created_at' ? 'desc' : 'asc' })
            }
            options={[
              ['created_at', 'Registration Date'],
              ['first_name', 'First Name'],
              ['last_name', 'Last Name'],
              ['dupr_rating', 'DUPR Rating'],
            ]}
          />
        </AdminFilters>
      ) : null}

      <AdminTable
        columns={columns({
          onView: setSelected,
          onToggle: toggle,
          isUpdating: update.isPending,
          ownId: session.user?.id,
        })}
        rows={users.data?.items}
        rowKey={(user) => user.id}
        minWidth={760}
        sort={{ sort: filters.sort, direction: filters.direction, onSort }}
        isPending={users.isPending}
        error={users.isError ? 'Failed to load users' : null}
        onRetry={() => void users.refetch()}
        empty={
          <>
            <p className="font-semibold">No users found</p>
            <p className="text-slate-600">Try adjusting your search or filter criteria.</p>
          </>
        }
      />
      <Pagination page={page} list={users.data} noun="users" onPage={setPage} />
      <UserDetailsDialog userId={selected} onClose={() => setSelected(null)} />
    </section>
  )
}
