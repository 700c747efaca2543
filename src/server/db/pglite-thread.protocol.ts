// What the embedded database's thread and the server say to each other.

export interface ThreadSettings {
  // A directory, or nothing for a database in memory.
  dataDir: string | undefined
  // A dump to start from (a tar file from `dumpDataDir`), for a database in memory.
  loadDataDir?: string | undefined
}

export type ThreadRequest =
  | { id: number; op: 'exec'; message: Uint8Array }
  | { id: number; op: 'close' }
  // pg_dump's plain SQL with these arguments, then `after` run (the connection's settings again).
  | { id: number; op: 'dump'; args: string[]; after: string }

// Id 0 answers the opening of the database.
export type ThreadReply =
  | { id: number; data: Uint8Array }
  | { id: number; ready: true }
  | { id: number; closed: true }
  | { id: number; error: { message: string; stack: string | undefined } }
