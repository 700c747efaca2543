// npm run make-admin -- <email>: makes an existing player an admin, on the configured database
// (embedded in DATA_DIR, or DATABASE_URL). Stop the server first when it uses the embedded one.
import { openDatabase } from '../src/server/db/client'
import { EnvError, loadEnv } from '../src/server/env'
import { promoteToAdmin } from '../src/server/features/auth'

const email = process.argv[2]?.trim()
if (!email || process.argv.length > 3) {
  console.error('Usage: npm run make-admin -- <email>')
  process.exit(2)
}

let env
try {
  env = loadEnv()
} catch (error) {
  if (error instanceof EnvError) {
    console.error(error.message)
    process.exit(1)
  }
  throw error
}

const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR })
try {
  const user = await promoteToAdmin(database.db, email)
  if (!user) {
    console.error(`No account with the email ${email.toLowerCase()}. The player must sign up first.`)
    process.exitCode = 1
  } else {
    console.log(`${user.firstName} ${user.lastName} (${user.email}) is now an admin.`)
  }
} finally {
  await database.close()
}
