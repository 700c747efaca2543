// Lists whose page rows carry the list's total (a subquery PostgreSQL runs once, so a page costs
// one round trip): past the last page no row carries it, and it is counted on its own. A first
// page without rows needs no count.
export async function pageTotal(
  rows: ReadonlyArray<{ total: number }>,
  offset: number,
  count: () => Promise<number>,
): Promise<number> {
  const carried = rows[0]?.total
  if (carried !== undefined) return carried
  return offset === 0 ? 0 : count()
}
