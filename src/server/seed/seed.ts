import { hashPassword } from '../features/auth'
import type { Db } from '../db/client'
import { profiles } from '../db/schema'
import { seedConnections } from './connections'
import { seedNotifications } from './notifications'
import { seedPartnerLists } from './partner-lists'
import { seedPlayDates } from './play-dates'
import { seedVenues } from './venues'
import { DEMO_ADMIN_EMAIL, demoPlayers, emailOf, seedProfileAbout, seedProfiles } from './profiles'
import { seedSignupCodes } from './signup-codes'
import { seedTeamBuilder } from './team-builder'

// The demo data, one file per feature under seed/.

export const DEMO_PASSWORD = 'pickleball'
export { DEMO_ADMIN_EMAIL }

export async function isDatabaseEmpty(db: Db) {
  const rows = await db.select({ id: profiles.id }).from(profiles).limit(1)
  return rows.length === 0
}

// `now` is the server's clock when the data is made: the demo's past and next games count from it.
export async function seedDemo(db: Db, options: { productName: string; now: Date }) {
  const hash = await hashPassword(DEMO_PASSWORD)

  return db.transaction(async (tx) => {
    const { now } = options
    const world = { tx, id: await seedProfiles(tx, hash, now), now }
    await seedConnections(world)
    const venue = await seedVenues(world)
    await seedProfileAbout(world, venue)
    const playDates = await seedPlayDates(world, venue)
    await seedTeamBuilder(world)
    await seedPartnerLists(world)
    await seedNotifications(world, playDates)
    await seedSignupCodes(world)

    const summary = [
      `${options.productName} demo data is ready. Sign in with password "${DEMO_PASSWORD}":`,
      `  ${DEMO_ADMIN_EMAIL}  (admin)`,
      `  ${emailOf(demoPlayers[1]!)}  (friends, PlayDates, a partner list)`,
      `  ${emailOf(demoPlayers[2]!)}`,
      // A code is used once (docs/decisions/0209): said here, where the codes are handed out.
      `Signup codes, each signs up one player (sign-up needs none): 4827193 (or /signup?code=spring-league), 7305518`,
    ].join('\n')
    return { summary }
  })
}
