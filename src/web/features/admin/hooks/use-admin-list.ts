import { useState } from 'react'
import { useDebouncedValue } from '../../../lib/use-debounced-value'

type Direction = 'asc' | 'desc'

// An admin list's search, filters and page: a new search, filter or order goes back to page 1, and
// the query asks for the search once typing pauses.
export function useAdminList<Filters extends { sort: string; direction: Direction }>(first: Filters) {
  const [search, setSearch] = useState('')
  const [filters, setFilters] = useState<Filters>({ ...first })
  const [page, setPage] = useState(1)
  const debouncedSearch = useDebouncedValue(search, 500)

  const change = (next: Partial<Filters>) => {
    setFilters((current) => ({ ...current, ...next }))
    setPage(1)
  }
  return {
    search,
    filters,
    page,
    setPage,
    change,
    query: { ...filters, search: debouncedSearch, page },
    onSearch: (text: string) => {
      setSearch(text)
      setPage(1)
    },
    onSort: (sort: Filters['sort'], direction: Direction) => change({ sort, direction } as Partial<Filters>),
    reset: () => {
      setFilters({ ...first })
      setSearch('')
      setPage(1)
    },
  }
}
