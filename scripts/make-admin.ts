// npm run make-admin -- <email>: makes an existing player an admin, on the configured database
// (embedded in DATA_DIR, or DATABASE_URL). Stop the server first when it uses the embedded one.
import { promoteToAdmin } from '../src/server/features/auth'
import { openToolDatabase, toolEnv } from './tool-database'

const email = process.argv[2]?.trim()
if (!email || process.argv.length > 3) {
  console.error('Usage: npm run make-admin -- <email>')
  process.exit(2)
}

const database = await openToolDatabase(toolEnv(), 'npm run make-admin')
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
