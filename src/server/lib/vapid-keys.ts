import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import webpush from 'web-push'
import type { Env } from '../env'

const KEY_FILE = 'vapid-keys.json'

export interface VapidKeys {
  publicKey: string
  privateKey: string
  // Who the push services may contact about this sender.
  subject: string
}

// The VAPID pair that signs this app's pushes (docs/decisions/0091-web-push.md): the settings when
// given; on the embedded database, the pair kept in DATA_DIR (made on first start, readable by
// this user only); otherwise none, and push is off: several instances on one PostgreSQL must sign
// with one pair, which only the settings can give them.
export function vapidKeys(env: Env, embedded: boolean): VapidKeys | undefined {
  const subject = env.VAPID_SUBJECT ?? `mailto:no-reply@${new URL(env.PUBLIC_URL).hostname}`
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY)
    return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject }
  if (!embedded) return undefined
  const file = path.join(env.DATA_DIR, KEY_FILE)
  const read = () => ({ ...(JSON.parse(readFileSync(file, 'utf8')) as Omit<VapidKeys, 'subject'>), subject })
  try {
    return read()
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
  const pair = webpush.generateVAPIDKeys()
  mkdirSync(env.DATA_DIR, { recursive: true })
  try {
    writeFileSync(file, `${JSON.stringify(pair)}\n`, { mode: 0o600, flag: 'wx' })
    return { ...pair, subject }
  } catch (error) {
    // Another process sharing the directory made it first: use that one.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return read()
    throw error
  }
}
