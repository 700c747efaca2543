import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'

// The extensions every embedded database loads, in this process or on its own thread.
export const pgliteExtensions = { pg_trgm }
