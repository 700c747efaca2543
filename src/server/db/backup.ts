import { createHash } from 'node:crypto'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { gunzipSync, gzipSync } from 'node:zlib'

// Backups of the embedded database, and the move to a PostgreSQL server (docs/decisions/0145).
// A backup is one gzipped SQL file: pg_dump's plain output (the portable form: the data folder
// is PostgreSQL 18's, which an older server cannot read) after a header that carries the keys
// kept in DATA_DIR, so that push and the referee's signatures keep working where it is restored.

export const REFEREE_KEY_FILE = 'referee-signing.key'
export const VAPID_KEY_FILE = 'vapid-keys.json'
const KEYS_LINE = '-- picklematch-keys: '

// pg_dump's arguments: rows as INSERTs any client can run (no COPY from standard input), no owners
// or grants (the target's user owns what it loads).
export const DUMP_ARGS = ['--no-owner', '--no-privileges', '--rows-per-insert=200']

export interface KeptKeys {
  // The referee's key file's content (base64url), and the VAPID pair's JSON.
  refereeSigningKey?: string
  vapid?: { publicKey: string; privateKey: string }
}

export function readKeptKeys(dataDir: string): KeptKeys {
  const keys: KeptKeys = {}
  const referee = path.join(dataDir, REFEREE_KEY_FILE)
  if (existsSync(referee)) keys.refereeSigningKey = readFileSync(referee, 'utf8').trim()
  const vapid = path.join(dataDir, VAPID_KEY_FILE)
  if (existsSync(vapid)) keys.vapid = JSON.parse(readFileSync(vapid, 'utf8')) as KeptKeys['vapid']
  return keys
}

// Writes the keys into a DATA_DIR that has none (readable by this user only); keys already there
// are kept, and named in the answer.
export function writeKeptKeys(dataDir: string, keys: KeptKeys): string[] {
  const kept: string[] = []
  const write = (name: string, content: string) => {
    try {
      writeFileSync(path.join(dataDir, name), content, { mode: 0o600, flag: 'wx' })
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      kept.push(name)
    }
  }
  if (keys.refereeSigningKey) write(REFEREE_KEY_FILE, `${keys.refereeSigningKey}\n`)
  if (keys.vapid) write(VAPID_KEY_FILE, `${JSON.stringify(keys.vapid)}\n`)
  return kept
}

export function makeBackup(sql: string, keys: KeptKeys, made: Date): Buffer {
  const header =
    `-- PickleMatch backup of the embedded database, made ${made.toISOString()}\n` +
    `-- Restore with npm run restore, or move to PostgreSQL with npm run move-to-postgres.\n` +
    `${KEYS_LINE}${Buffer.from(JSON.stringify(keys)).toString('base64url')}\n`
  return gzipSync(header + sql)
}

export function readBackup(file: Buffer): { sql: string; keys: KeptKeys } {
  const text = gunzipSync(file).toString('utf8')
  const keysLine = text.split('\n', 4).find((line) => line.startsWith(KEYS_LINE))
  if (!keysLine || !text.includes('PostgreSQL database dump complete'))
    throw new Error('This is not a whole PickleMatch backup')
  const keys = JSON.parse(Buffer.from(keysLine.slice(KEYS_LINE.length), 'base64url').toString()) as KeptKeys
  return { sql: text, keys }
}

// The dump as an older PostgreSQL server takes it: without the settings it does not know
// (`transaction_timeout` came in 17) and psql's own commands.
export function sqlForPostgres(sql: string): string {
  return sql
    .split('\n')
    .filter((line) => !/^SET transaction_timeout\b/.test(line) && !line.startsWith('\\'))
    .join('\n')
}

// The running server's local door for backups: a Unix socket in DATA_DIR (this user only), or in
// the temporary folder when DATA_DIR's path is too long for one.
export function controlSocketPath(dataDir: string): string {
  const resolved = path.resolve(dataDir)
  const inDataDir = path.join(resolved, 'control.sock')
  if (Buffer.byteLength(inDataDir) < 100) return inDataDir
  const hash = createHash('sha256').update(resolved).digest('hex').slice(0, 16)
  return path.join(tmpdir(), `picklematch-${hash}.sock`)
}

// The environment lines that carry the keys to a server on PostgreSQL (where nothing is made and
// kept in DATA_DIR): the referee's key in the form its setting reads as the kept file.
export function keysAsSettings(keys: KeptKeys): string[] {
  const lines: string[] = []
  if (keys.refereeSigningKey) lines.push(`REFEREE_SIGNING_KEY=base64url:${keys.refereeSigningKey}`)
  if (keys.vapid)
    lines.push(`VAPID_PUBLIC_KEY=${keys.vapid.publicKey}`, `VAPID_PRIVATE_KEY=${keys.vapid.privateKey}`)
  return lines
}
