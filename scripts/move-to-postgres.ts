// npm run move-to-postgres -- <postgres url> [--from <backup file>]: moves the embedded
// database's data (DATA_DIR, with no server running on it, or a backup from npm run backup) into
// an empty database on a PostgreSQL server, and prints the settings that carry the keys kept in
// DATA_DIR, so push and the referee keep working (docs/decisions/0145). The data folder is
// PostgreSQL 18's, which an older server cannot read: the move goes through a SQL dump.
import { readFileSync } from 'node:fs'
import pg from 'pg'
import { DUMP_ARGS, keysAsSettings, readBackup, readKeptKeys, sqlForPostgres } from '../src/server/db/backup'
import { hasEmbeddedDatabase, openEmbeddedRaw, toolEnv } from './tool-database'

const args = process.argv.slice(2)
const fromAt = args.indexOf('--from')
const from = fromAt >= 0 ? args[fromAt + 1] : undefined
const target = args.find((arg, i) => !arg.startsWith('--') && (fromAt < 0 || i !== fromAt + 1))
if (!target || !/^postgres(ql)?:\/\//.test(target) || (fromAt >= 0 && !from)) {
  console.error(
    'Usage: npm run move-to-postgres -- <postgres://user:password@host:5432/database> [--from <backup file>]',
  )
  process.exit(2)
}

let dump: { sql: string; keys: ReturnType<typeof readKeptKeys> }
if (from) dump = readBackup(readFileSync(from))
else {
  const env = toolEnv()
  if (!hasEmbeddedDatabase(env.DATA_DIR)) {
    console.error(`There is no embedded database in ${env.DATA_DIR} to move.`)
    process.exit(1)
  }
  // Refused while a server runs on it: a write after the copy would be left behind.
  const database = await openEmbeddedRaw(env.DATA_DIR, 'npm run move-to-postgres')
  try {
    dump = {
      sql: await database.dump(DUMP_ARGS),
      keys: readKeptKeys(env.DATA_DIR),
    }
  } finally {
    await database.close()
  }
}

const client = new pg.Client({ connectionString: target })
await client.connect()
try {
  const { rows } = await client.query<{ tables: number }>(
    `select count(*)::int as tables from information_schema.tables
     where table_schema not in ('pg_catalog', 'information_schema')`,
  )
  if (rows[0]!.tables > 0) {
    console.error('The target database is not empty: the move needs an empty database.')
    process.exit(1)
  }
  // One message: the dump has no transaction of its own, so it loads whole or not at all.
  await client.query(sqlForPostgres(dump.sql))
} finally {
  await client.end()
}
const url = new URL(target)
url.password = url.password ? '***' : ''
console.log(`Moved the embedded database into ${url.toString()}.`)
console.log('Start the server with DATABASE_URL set to it, and these settings (on every instance):')
for (const line of keysAsSettings(dump.keys)) console.log(`  ${line}`)
