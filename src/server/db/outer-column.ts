import { type Column, getTableName, type SQL, sql } from 'drizzle-orm'

// A column of the outer query, named with its table, for a subquery inside a select list.
// Drizzle writes a one-table select's columns bare ("id"), and inside a subquery over a table
// that has a column of the same name, the bare name binds to the subquery's own rows.
export const outerColumn = (column: Column): SQL =>
  sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`
