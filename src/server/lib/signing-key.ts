import { randomBytes } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'

const KEY_FILE = 'referee-signing.key'
const BASE64URL = 'base64url:'

// The key that signs the referee's answers: the setting when there is one, else the one kept in
// the data directory (made on first start, readable by this user only).
export function refereeSigningKey(setting: string | undefined, dataDir: string): Buffer {
  // `base64url:` and a kept file's content: that file's key, carried to another machine (the move
  // to PostgreSQL prints it so).
  if (setting?.startsWith(BASE64URL)) return Buffer.from(setting.slice(BASE64URL.length), 'base64url')
  if (setting) return Buffer.from(setting, 'utf8')
  const file = path.join(dataDir, KEY_FILE)
  const read = () => Buffer.from(readFileSync(file, 'utf8').trim(), 'base64url')
  try {
    return read()
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
  const key = randomBytes(32)
  mkdirSync(dataDir, { recursive: true })
  try {
    writeFileSync(file, `${key.toString('base64url')}\n`, { mode: 0o600, flag: 'wx' })
    return key
  } catch (error) {
    // Another process sharing the directory made it first: use that one.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return read()
    throw error
  }
}
