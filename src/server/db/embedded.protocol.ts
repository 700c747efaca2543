// What the embedded database's thread and the server say to each other, besides the protocol.

export interface EmbeddedSettings {
  // PGlite's WebAssembly, compiled (embedded.ts).
  pgliteModule: WebAssembly.Module
  // A directory, or nothing for a database in memory.
  dataDir: string | undefined
  // A dump to start from (a tar file from `dumpDataDir`), for a database in memory.
  loadDataDir?: string | undefined
  // The Unix socket the thread serves the database on.
  socketPath: string
}

export type EmbeddedRequest =
  | { id: number; op: 'close' }
  // pg_dump's plain SQL with these arguments, then `after` run (the session's settings again).
  | { id: number; op: 'dump'; args: string[]; after: string }

// Id 0 answers the opening of the database.
export type EmbeddedReply =
  | { id: number; ready: true }
  | { id: number; dump: string }
  | { id: number; closed: true }
  | { id: number; error: { message: string; stack: string | undefined } }
