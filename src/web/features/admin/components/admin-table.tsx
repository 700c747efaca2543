import type { ReactNode } from 'react'
import { Button } from '../../../components/ui/button'
import { Spinner } from '../../../components/ui/spinner'
import { SortableHeader } from './sortable-header'

// One column of an admin table. `header` heads it on wider screens and names its cells on a phone,
// where the header row is not shown; a column with `sort` sorts the list by that key.
// `phone` places the cell in a compact card on a phone (styles.css), where a table gives every
// column of a row a line of its own otherwise: 'title' leads the card, unlabelled (a name),
// 'aside' sits beside it, unlabelled (status badges), 'fact' shares a line with the other facts,
// its label small above it, and 'actions' is a row of buttons across the card, unlabelled.
export type PhonePlace = 'title' | 'aside' | 'fact' | 'actions'
export interface Column<T, S extends string> {
  header: string
  sort?: S
  className?: string
  phone?: PhonePlace
  cell: (row: T) => ReactNode
}

export interface TableSort<S extends string> {
  sort: S
  direction: 'asc' | 'desc'
  onSort: (sort: S, direction: 'asc' | 'desc') => void
}

// An admin table in its frame: loading, the error with 'Try Again', the empty state, or the rows.
// A table on wider screens, one card per row on a phone (`.stack-table` in styles.css); the frame
// still scrolls sideways should anything be wider. The roles are explicit because some screen
// readers drop a table's meaning once CSS changes its display.
export function AdminTable<T, S extends string = never>({
  columns,
  rows,
  rowKey,
  minWidth,
  sort,
  isPending,
  error,
  empty,
  onRetry,
}: {
  columns: Column<T, S>[]
  rows: T[] | undefined
  rowKey: (row: T) => string
  minWidth: 760 | 900
  sort?: TableSort<S>
  isPending: boolean
  error: string | null
  empty: ReactNode
  onRetry: () => void
}) {
  return (
    <div className="relative mt-4 overflow-x-auto rounded-xl border border-slate-200 bg-white">
      {isPending ? (
        <div role="status" className="flex items-center justify-center gap-2 p-8">
          <Spinner /> Loading...
        </div>
      ) : error !== null ? (
        <div role="alert" className="p-6 text-center">
          <p className="text-red-700">{error}</p>
          <Button variant="secondary" className="mt-3" onClick={onRetry}>
            Try Again
          </Button>
        </div>
      ) : rows?.length === 0 ? (
        <div className="p-8 text-center">{empty}</div>
      ) : rows ? (
        <table
          role="table"
          className={`stack-table w-full text-left text-sm ${minWidth === 900 ? 'sm:min-w-[900px]' : 'sm:min-w-[760px]'}`}
        >
          {/* eslint-disable-next-line jsx-a11y/no-redundant-roles -- kept when CSS changes the display */}
          <thead role="rowgroup" className="bg-slate-50 text-slate-700">
            <tr role="row">
              {columns.map((column) =>
                column.sort !== undefined && sort ? (
                  <SortableHeader key={column.header} label={column.header} column={column.sort} {...sort} />
                ) : (
                  <th key={column.header} role="columnheader" scope="col" className="px-3 py-2 font-semibold">
                    {column.header}
                  </th>
                ),
              )}
            </tr>
          </thead>
          {/* eslint-disable-next-line jsx-a11y/no-redundant-roles -- kept when CSS changes the display */}
          <tbody role="rowgroup" className="divide-y divide-slate-100">
            {rows.map((row) => (
              <tr key={rowKey(row)} role="row">
                {columns.map((column) => (
                  <td
                    key={column.header}
                    // eslint-disable-next-line jsx-a11y/no-interactive-element-to-noninteractive-role -- a data cell, kept when CSS changes the display
                    role="cell"
                    data-label={column.header}
                    data-phone={column.phone}
                    // A cell of a compact card takes its spacing from the card on a phone.
                    className={`${column.phone ? 'sm:px-3 sm:py-2' : 'px-3 py-2'} ${column.className ?? ''}`}
                  >
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </div>
  )
}
