// npm run backup [-- <file>]: a consistent backup of the embedded database in DATA_DIR, with the
// keys kept there, as one gzipped SQL file (docs/decisions/0145). While a server runs on
// DATA_DIR, the backup is made by that server (it holds the database's lock), through its local
// socket; otherwise from DATA_DIR directly. Restore it with npm run restore.
import { renameSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { DUMP_ARGS, makeBackup, readKeptKeys } from '../src/server/db/backup'
import { lockHolder } from '../src/server/db/data-dir-lock'
import { backupThroughServer } from '../src/server/lib/control-socket'
import { hasEmbeddedDatabase, openEmbeddedRaw, toolEnv } from './tool-database'

const env = toolEnv()
if (env.DATABASE_URL) {
  console.error('npm run backup backs up the embedded database; for a PostgreSQL server, use its pg_dump.')
  process.exit(2)
}
if (process.argv.length > 3) {
  console.error('Usage: npm run backup [-- <file>]')
  process.exit(2)
}
const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\.\d+/, '')
const out = path.resolve(process.argv[2] ?? `picklematch-backup-${stamp}.sql.gz`)

let backup: Buffer
let how: string
const holder = await lockHolder(env.DATA_DIR)
if (holder !== null) {
  backup = await backupThroughServer(env.DATA_DIR).catch((error: Error) => {
    console.error(`The server running on ${env.DATA_DIR} could not make the backup: ${error.message}`)
    process.exit(1)
  })
  how = `by the server running on it${holder ? ` (pid ${holder.pid})` : ''}`
} else {
  if (!hasEmbeddedDatabase(env.DATA_DIR)) {
    console.error(`There is no embedded database in ${path.resolve(env.DATA_DIR)} to back up.`)
    process.exit(1)
  }
  const database = await openEmbeddedRaw(env.DATA_DIR, 'npm run backup')
  try {
    backup = makeBackup(await database.dump(DUMP_ARGS), readKeptKeys(env.DATA_DIR), new Date())
  } finally {
    await database.close()
  }
  how = 'from the data directory (no server was running on it)'
}
// Whole or not at all: written beside, then renamed.
writeFileSync(`${out}.partial`, backup, { mode: 0o600 })
renameSync(`${out}.partial`, out)
console.log(
  `Backup of ${path.resolve(env.DATA_DIR)} written to ${out} (${Math.ceil(backup.length / 1024)} kB), ${how}.`,
)
console.log('It holds the keys kept in DATA_DIR (push, referee): keep it as safe as the data.')
