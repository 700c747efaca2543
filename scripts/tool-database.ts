import { existsSync } from 'node:fs'
import path from 'node:path'
import { openDatabase } from '../src/server/db/client'
import { DataDirInUseError, lockDataDir } from '../src/server/db/data-dir-lock'
import { PGlite } from '@electric-sql/pglite'
import { pgDump } from '@electric-sql/pglite-tools/pg_dump'
import { pgliteExtensions } from '../src/server/db/pglite-extensions'
import { EnvError, loadEnv } from '../src/server/env'

// The settings of a command-line tool, or exit 1 with the message naming the bad one.
export function toolEnv() {
  try {
    return loadEnv()
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message)
      process.exit(1)
    }
    throw error
  }
}

// The configured database for a command-line tool. The embedded one is refused while a server
// (or another tool) has it open: the message names that process, and the tool exits 1.
export async function openToolDatabase(env: ReturnType<typeof loadEnv>, purpose: string) {
  try {
    return await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, purpose })
  } catch (error) {
    if (!(error instanceof DataDirInUseError)) throw error
    console.error(error.message)
    process.exit(1)
  }
}

// The embedded database in DATA_DIR as it is, without migrations or the server's settings, for
// backup, restore and the move (docs/decisions/0145); under its lock, as a server would be.
export async function openEmbeddedRaw(dataDir: string, purpose: string) {
  let lock
  try {
    lock = await lockDataDir(path.resolve(dataDir), purpose, (error) => {
      console.error(`The lock on ${dataDir} was lost: ${error.message}`)
      process.exit(1)
    })
  } catch (error) {
    if (!(error instanceof DataDirInUseError)) throw error
    console.error(error.message)
    process.exit(1)
  }
  try {
    // In this process, with the package's own API: nothing else is connected to it.
    const pg = await PGlite.create({
      dataDir: path.resolve(dataDir, 'pglite'),
      extensions: pgliteExtensions,
      relaxedDurability: false,
    })
    return {
      // A plain SQL dump, pg_dump with `args`.
      async dump(args: string[]) {
        return (await pgDump({ pg, args })).text()
      },
      // Statements as one message: several run as one transaction.
      async exec(sql: string) {
        await pg.exec(sql)
      },
      async close() {
        await pg.close()
        await lock.release()
      },
    }
  } catch (error) {
    await lock.release()
    throw error
  }
}

export const hasEmbeddedDatabase = (dataDir: string) => existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'))
