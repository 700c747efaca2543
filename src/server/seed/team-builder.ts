import { players } from '../db/schema'
import type { DemoWorld } from './demo-world'

// SUPR Builder players kept by Maya, one linked to a profile.
export async function seedTeamBuilder({ tx, id }: DemoWorld) {
  await tx.insert(players).values([
    {
      userId: id('Maya'),
      firstName: 'Jordan',
      lastName: 'Reyes',
      gender: 'male',
      ageGroup: 'under_50',
      duprRating: 4.12,
      profileLinked: true,
      profileId: id('Jordan'),
    },
    {
      userId: id('Maya'),
      firstName: 'Carol',
      lastName: 'Jensen',
      gender: 'female',
      ageGroup: '50_or_over',
      duprRating: 3.6,
      duprId: 'CJ4821',
    },
    {
      userId: id('Maya'),
      firstName: 'Ben',
      lastName: 'Ortiz',
      gender: 'male',
      ageGroup: 'under_50',
      duprRating: 3.95,
    },
  ])
}
