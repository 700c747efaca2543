// npm run restore -- <file>: brings a backup from npm run backup back into DATA_DIR, which must not
// hold a database yet (move the old one aside first), with the keys it carries
// (docs/decisions/0145). Start the server on DATA_DIR afterwards.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { readBackup, writeKeptKeys } from '../src/server/db/backup'
import { hasEmbeddedDatabase, openEmbeddedRaw, toolEnv } from './tool-database'

const file = process.argv[2]
if (!file || process.argv.length > 3) {
  console.error('Usage: npm run restore -- <backup file>')
  process.exit(2)
}
const env = toolEnv()
if (env.DATABASE_URL) {
  console.error('npm run restore restores the embedded database; unset DATABASE_URL.')
  process.exit(2)
}
const dataDir = path.resolve(env.DATA_DIR)
if (hasEmbeddedDatabase(dataDir)) {
  console.error(`${dataDir} already holds a database: move it aside, or set DATA_DIR to an empty folder.`)
  process.exit(1)
}
const { sql, keys } = readBackup(readFileSync(file))
const database = await openEmbeddedRaw(dataDir, 'npm run restore')
try {
  // One message: the whole dump runs as one transaction, so a failed restore leaves nothing half
  // loaded.
  await database.exec(sql)
} finally {
  await database.close()
}
const kept = writeKeptKeys(dataDir, keys)
console.log(`Restored ${path.resolve(file)} into ${dataDir}.`)
if (kept.length > 0)
  console.log(`Kept the keys already in ${dataDir} (${kept.join(', ')}), not the backup's.`)
