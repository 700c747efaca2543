import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react'

// A column header that sorts: a repeat click toggles the direction, a new column starts ascending.
export function SortableHeader<S extends string>({
  label,
  column,
  sort,
  direction,
  onSort,
}: {
  label: string
  column: S
  sort: S
  direction: 'asc' | 'desc'
  onSort: (column: S, direction: 'asc' | 'desc') => void
}) {
  const active = sort === column
  const Icon = active ? (direction === 'asc' ? ArrowUp : ArrowDown) : ArrowUpDown
  return (
    <th
      role="columnheader"
      scope="col"
      aria-sort={active ? (direction === 'asc' ? 'ascending' : 'descending') : 'none'}
      className="px-3 py-1"
    >
      <button
        type="button"
        onClick={() => onSort(column, active && direction === 'asc' ? 'desc' : 'asc')}
        className="inline-flex min-h-11 items-center gap-1 rounded font-semibold hover:text-brand-800"
      >
        <span className="[overflow-wrap:normal]">{label}</span>
        <Icon aria-hidden="true" className={`size-4 ${active ? 'text-brand-700' : 'text-slate-400'}`} />
      </button>
    </th>
  )
}

// A page of a list the server counted, with Previous and Next; nothing while the list is loading
// or empty.
export function Pagination({
  page,
  list,
  noun,
  onPage,
}: {
  page: number
  // totalCapped: the server stopped counting at `total`, there are more.
  list: { pageSize: number; total: number; totalCapped?: boolean } | undefined
  noun: string
  onPage: (page: number) => void
}) {
  if (!list || list.total === 0) return null
  const { pageSize, total, totalCapped = false } = list
  const from = (page - 1) * pageSize + 1
  const to = Math.min(total, page * pageSize)
  return (
    <nav
      aria-label="Pagination"
      className="mt-4 flex flex-col items-center justify-between gap-3 sm:flex-row"
    >
      <p className="text-sm text-slate-600" aria-live="polite">
        Showing {from} to {to} of {total}
        {totalCapped ? '+' : ''} {noun}
      </p>
      <div className="flex gap-2">
        <button
          type="button"
          onClick={() => onPage(page - 1)}
          disabled={page <= 1}
          className="min-h-11 rounded-lg border border-slate-300 bg-white px-4 text-sm font-semibold disabled:opacity-50"
        >
          Previous
        </button>
        <button
          type="button"
          onClick={() => onPage(page + 1)}
          disabled={to >= total}
          className="min-h-11 rounded-lg border border-slate-300 bg-white px-4 text-sm font-semibold disabled:opacity-50"
        >
          Next
        </button>
      </div>
    </nav>
  )
}
