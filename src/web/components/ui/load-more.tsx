import type { ReactNode } from 'react'
import { Button } from './button'
import { Spinner } from './spinner'

// 'Load more' under a list read a page at a time (an infinite query): shown while there is a
// next page, busy while it loads. `children` go above the button (a count, a hint).
export function LoadMore({
  query,
  children,
}: {
  query: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => Promise<unknown> }
  children?: ReactNode
}) {
  if (!query.hasNextPage) return null
  return (
    <div className="mt-4 flex flex-col items-center gap-2">
      {children}
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
