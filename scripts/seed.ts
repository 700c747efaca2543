// Adds the demo world to the configured database (embedded or DATABASE_URL) if it is empty.
import { openDatabase } from '../src/server/db/client'
import { isDatabaseEmpty, seedDemo } from '../src/server/db/seed'
import { loadEnv } from '../src/server/env'

const env = loadEnv()
const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR })
try {
  if (!(await isDatabaseEmpty(database.db))) {
    console.log('The database already has players: demo data not added.')
  } else {
    const { summary } = await seedDemo(database.db, { productName: env.PRODUCT_NAME })
    console.log(summary)
  }
} finally {
  await database.close()
}
