import type { ReactNode } from 'react'
import { Button } from './button'
import { Spinner } from './spinner'

// 'Load more' under a list read a page at a time (an infinite query): shown while there is a
// next page, busy while it loads. `children` go above the button (a count, a hint). A next page
// that fails to load leaves the rows already shown in place and says so here, above the button
// that tries again; the list itself shows its error only when it has no rows at all.
export function LoadMore({
  query,
  children,
}: {
  query: {
    hasNextPage: boolean
    isFetchingNextPage: boolean
    isFetchNextPageError: boolean
    fetchNextPage: () => Promise<unknown>
  }
  children?: ReactNode
}) {
  if (!query.hasNextPage) return null
  return (
    <div className="mt-4 flex flex-col items-center gap-2">
      {children}
      {query.isFetchNextPageError && !query.isFetchingNextPage ? (
        <p role="alert" className="text-sm font-semibold text-red-700">
          Error loading more. Please try again.
        </p>
      ) : null}
      <Button
        variant="secondary"
        onClick={() => void query.fetchNextPage()}
        disabled={query.isFetchingNextPage}
        aria-busy={query.isFetchingNextPage || undefined}
      >
        {query.isFetchingNextPage ? <Spinner className="size-4" /> : null}
        Load more
      </Button>
    </div>
  )
}
