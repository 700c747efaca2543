import type { ReactNode, TdHTMLAttributes } from 'react'
import { Button } from '../../../components/ui/button'
import { Spinner } from '../../../components/ui/spinner'

// The frame of an admin table: loading, the error with 'Try Again', the empty state, or the
// table itself. On a phone the table's rows stack as cards (`.stack-table` in styles.css); the
// frame still scrolls sideways should anything be wider.
export function TableFrame({
  isPending,
  error,
  isEmpty,
  empty,
  onRetry,
  children,
}: {
  isPending: boolean
  error: string | null
  isEmpty: boolean
  empty: ReactNode
  onRetry: () => void
  children: ReactNode
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
      ) : isEmpty ? (
        <div className="p-8 text-center">{empty}</div>
      ) : (
        children
      )}
    </div>
  )
}

// An admin table: a table on wider screens, one card per row on a phone. The roles are explicit
// because some screen readers drop a table's meaning once CSS changes its display.
export function AdminTable({
  minWidth,
  head,
  children,
}: {
  minWidth: 760 | 900
  head: ReactNode
  children: ReactNode
}) {
  return (
    <table
      role="table"
      className={`stack-table w-full text-left text-sm ${minWidth === 900 ? 'sm:min-w-[900px]' : 'sm:min-w-[760px]'}`}
    >
      {/* eslint-disable-next-line jsx-a11y/no-redundant-roles -- kept when CSS changes the display */}
      <thead role="rowgroup" className="bg-slate-50 text-slate-700">
        <tr role="row">{head}</tr>
      </thead>
      {/* eslint-disable-next-line jsx-a11y/no-redundant-roles -- kept when CSS changes the display */}
      <tbody role="rowgroup" className="divide-y divide-slate-100">
        {children}
      </tbody>
    </table>
  )
}

export function Row({ children }: { children: ReactNode }) {
  return <tr role="row">{children}</tr>
}

// A plain column header; SortableHeader is the one that sorts.
export function HeaderCell({ children }: { children: ReactNode }) {
  return (
    <th role="columnheader" scope="col" className="px-3 py-2 font-semibold">
      {children}
    </th>
  )
}

// A cell; `label` names it on a phone, where the header row is not shown.
export function Cell({
  label,
  className = '',
  children,
  ...props
}: { label: string; className?: string; children: ReactNode } & TdHTMLAttributes<HTMLTableCellElement>) {
  return (
    // eslint-disable-next-line jsx-a11y/no-interactive-element-to-noninteractive-role -- a data cell, kept when CSS changes the display
    <td role="cell" data-label={label} className={`px-3 py-2 ${className}`} {...props}>
      {children}
    </td>
  )
}
