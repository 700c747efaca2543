import { openDatabase } from '../src/server/db/client'
import { DataDirInUseError } from '../src/server/db/data-dir-lock'
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
