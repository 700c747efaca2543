import type { ReactNode } from 'react'
import { Button } from '../../../components/ui/button'
import { Spinner } from '../../../components/ui/spinner'

// The frame of an admin table: loading, the error with 'Try Again', the empty state, or the
// table itself, scrolling sideways inside the frame on small screens.
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
