import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { hostname } from 'node:os'
import path from 'node:path'
import lockfile from 'proper-lockfile'

// One process at a time on an embedded database (docs/decisions/0143). Two servers on one
// DATA_DIR both opened it, and writes through both were lost and its indexes corrupted. The lock
// is proper-lockfile's: a directory made atomically, whose time its holder renews every 2 s, so
// a lock whose holder vanished without removing it (SIGKILL, a power cut) goes stale after 10 s.
// Beside it, a file names the holder; a lock whose holder on this machine is no longer running
// is taken over at once, so a restart after a crash does not wait.

export const LOCK_NAME = 'server.lock'
const OWNER_NAME = 'server.lock.json'
const STALE_MS = 10_000
const UPDATE_MS = 2_000

export interface LockOwner {
  pid: number
  hostname: string
  since: string
  // What holds it: the server, a backup, a restore.
  purpose: string
}

export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly owner: LockOwner | undefined,
  ) {
    const who = owner
      ? `${owner.purpose} (pid ${owner.pid} on ${owner.hostname}, since ${owner.since})`
      : 'another process'
    super(
      `The embedded database in ${dataDir} is in use by ${who}. ` +
        'Stop that process first, or give this one another DATA_DIR.',
    )
    this.name = 'DataDirInUseError'
  }
}

export interface DataDirLock {
  release(): Promise<void>
}

export function readLockOwner(dataDir: string): LockOwner | undefined {
  try {
    return JSON.parse(readFileSync(path.join(dataDir, OWNER_NAME), 'utf8')) as LockOwner
  } catch {
    return undefined
  }
}

// Whether the lock is held now (by a process that keeps it fresh), and by whom.
export async function lockHolder(dataDir: string): Promise<LockOwner | undefined | null> {
  const held = await lockfile.check(dataDir, lockOptions(dataDir)).catch(() => false)
  return held ? readLockOwner(dataDir) : null
}

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // Running under another user: still running.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

const lockOptions = (dataDir: string) => ({
  lockfilePath: path.join(dataDir, LOCK_NAME),
  realpath: false,
  stale: STALE_MS,
})

// Takes the lock on `dataDir` or throws DataDirInUseError naming its holder. `onCompromised`
// runs if the lock is lost while held (its directory removed or taken over): the process must
// stop writing at once.
export async function lockDataDir(
  dataDir: string,
  purpose: string,
  onCompromised: (error: Error) => void,
): Promise<DataDirLock> {
  mkdirSync(dataDir, { recursive: true })
  const options = lockOptions(dataDir)
  const before = readLockOwner(dataDir)
  const here = hostname()
  // A holder on this machine that no longer runs (or whose pid is now this process's, as pid 1 in a
  // restarted container, and which took the lock before this process started): its lock is stale
  // now, not in 10 s.
  const startedAt = Date.now() - process.uptime() * 1000
  const previousLife = before?.pid === process.pid && Date.parse(before.since) < startedAt
  if (before && before.hostname === here && (previousLife || !isRunning(before.pid))) {
    rmSync(options.lockfilePath, { recursive: true, force: true })
  }
  // A holder on another machine (a shared volume) cannot be asked: its lock is waited out.
  const elsewhere = before !== undefined && before.hostname !== here
  let release: () => Promise<void>
  try {
    release = await lockfile.lock(dataDir, {
      ...options,
      update: UPDATE_MS,
      retries: elsewhere ? { retries: 12, factor: 1, minTimeout: 1000, maxTimeout: 1000 } : 0,
      onCompromised,
    })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOCKED')
      throw new DataDirInUseError(dataDir, readLockOwner(dataDir))
    throw error
  }
  const owner: LockOwner = { pid: process.pid, hostname: here, since: new Date().toISOString(), purpose }
  const ownerFile = path.join(dataDir, OWNER_NAME)
  writeFileSync(`${ownerFile}.${process.pid}`, `${JSON.stringify(owner)}\n`)
  renameSync(`${ownerFile}.${process.pid}`, ownerFile)
  return {
    async release() {
      await release().catch(() => undefined)
    },
  }
}
