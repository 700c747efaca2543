import { randomBytes } from 'node:crypto'
import pg from 'pg'

// Template and per-file databases live on the server of TEST_DATABASE_URL.
export const templateName = () => `pm_template_${process.pid}`

export function adminUrl(url: string) {
  return url
}

export function databaseUrl(url: string, name: string) {
  const parsed = new URL(url)
  parsed.pathname = `/${name}`
  return parsed.toString()
}

export async function createDatabaseFromTemplate(url: string, template: string) {
  const name = `pm_test_${randomBytes(6).toString('hex')}`
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    // Two copies of one template at the same moment can collide: try again briefly.
    for (let attempt = 0; ; attempt++) {
      try {
        await client.query(`create database "${name}" template "${template}"`)
        break
      } catch (error) {
        if (attempt >= 20) throw error
        await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 200))
      }
    }
  } finally {
    await client.end()
  }
  return {
    url: databaseUrl(url, name),
    async drop() {
      const dropper = new pg.Client({ connectionString: url })
      await dropper.connect()
      await dropper.query(`drop database if exists "${name}" with (force)`).catch(() => undefined)
      await dropper.end()
    },
  }
}
