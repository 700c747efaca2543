import type { Db } from './client'
import { profiles } from './schema'

export async function isDatabaseEmpty(db: Db) {
  const rows = await db.select({ id: profiles.id }).from(profiles).limit(1)
  return rows.length === 0
}

export async function seedDemo(_db: Db, _options: { productName: string }) {
  return { summary: '' }
}
