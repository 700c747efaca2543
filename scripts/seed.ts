// Adds the demo world to the configured database (embedded or DATABASE_URL) if it is empty.
import { isDatabaseEmpty, seedDemo } from '../src/server/seed/seed'
import { systemClock } from '../src/server/lib/clock'
import { openToolDatabase, toolEnv } from './tool-database'

const env = toolEnv()
const database = await openToolDatabase(env, 'npm run seed')
try {
  if (!(await isDatabaseEmpty(database.db))) {
    console.log('The database already has players: demo data not added.')
  } else {
    const { summary } = await seedDemo(database.db, { productName: env.PRODUCT_NAME, now: systemClock.now() })
    console.log(summary)
  }
} finally {
  await database.close()
}
