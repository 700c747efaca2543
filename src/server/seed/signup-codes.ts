import { signupCodes } from '../db/schema'
import { agoFrom, type DemoWorld } from './demo-world'

// Two signup codes to hand out and one already used.
export async function seedSignupCodes({ tx, id, now }: DemoWorld) {
  const { daysAgo } = agoFrom(now)
  await tx.insert(signupCodes).values([
    { code: '4827193', urlCode: 'spring-league', createdById: id('Avery') },
    { code: '7305518', createdById: id('Avery') },
    {
      code: '6194027',
      urlCode: 'mesa-club',
      userId: id('Noah'),
      usedAt: daysAgo(30),
      // Made before it was used.
      createdAt: daysAgo(45),
      createdById: id('Avery'),
    },
  ])
}
