import { sql } from 'drizzle-orm'

// The smallest write: a transaction id, whose commit the database writes to its log and flushes
// to disk. Health checks it (a disk that takes no more writes turned nothing else red), and an
// outage is over once it commits again.
export const HEALTH_WRITE_SQL = sql`select txid_current()`
