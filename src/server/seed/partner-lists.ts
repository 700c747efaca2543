import { partnerListEntries, partnerLists } from '../db/schema'
import type { DemoWorld } from './demo-world'

// A partner list with a friend entry and a manual entry.
export async function seedPartnerLists({ tx, id }: DemoWorld) {
  const [list] = await tx
    .insert(partnerLists)
    .values({ userId: id('Maya'), name: 'Mesa Spring Classic - mixed doubles' })
    .returning({ id: partnerLists.id })
  if (!list) throw new Error('seed failed')
  await tx.insert(partnerListEntries).values([
    {
      partnerListId: list.id,
      firstName: 'Jordan',
      lastName: 'Reyes',
      duprRating: 4.12,
      selfRating: 4.25,
      platformUserId: id('Jordan'),
      orderPosition: 0,
      status: 'maybe',
      notes: 'Free that weekend, confirm by Friday',
    },
    {
      partnerListId: list.id,
      firstName: 'Sofia',
      lastName: 'Marino',
      duprRating: 4.55,
      selfRating: 4.5,
      platformUserId: id('Sofia'),
      orderPosition: 1,
    },
    {
      partnerListId: list.id,
      firstName: 'Alex',
      lastName: 'Rivera',
      email: 'alex.rivera@example.com',
      orderPosition: 2,
      status: 'unknown',
      notes: 'Met at the Chandler open play',
    },
  ])
}
