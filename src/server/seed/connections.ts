import { connections } from '../db/schema'
import { agoFrom, type DemoWorld } from './demo-world'

// Friendships in every state, watching and regular partners.
export async function seedConnections({ tx, id, now }: DemoWorld) {
  const { daysAgo, hoursAgo } = agoFrom(now)
  const accepted: Array<[string, string]> = [
    ['Maya', 'Jordan'],
    ['Maya', 'Priya'],
    ['Maya', 'Sofia'],
    ['Maya', 'Avery'],
    ['Jordan', 'Marcus'],
    ['Jordan', 'Ethan'],
    ['Priya', 'Kevin'],
    ['Marcus', 'Diego'],
    ['Sofia', 'Rachel'],
    ['Linda', 'Tom'],
    ['Linda', 'Grace'],
    ['Diego', 'Samuel'],
    ['Hannah', 'Nate'],
    ['Isabel', 'Jamal'],
    ['Luis', 'Samuel'],
    ['Keiko', 'Beatriz'],
    ['Chris', 'Dana'],
    ['Eli', 'Fatima'],
    ['Avery', 'Jordan'],
    ['Frank', 'George'],
    ['Noah', 'Ethan'],
  ]
  await tx.insert(connections).values([
    ...accepted.map(([a, b], i) => ({
      requesterId: id(a),
      receiverId: id(b),
      type: 'friend' as const,
      status: 'accepted' as const,
      createdAt: daysAgo(40 - i),
    })),
    {
      requesterId: id('Ethan'),
      receiverId: id('Maya'),
      type: 'friend',
      status: 'pending',
      createdAt: hoursAgo(5),
    },
    {
      requesterId: id('Maya'),
      receiverId: id('Hannah'),
      type: 'friend',
      status: 'pending',
      createdAt: hoursAgo(30),
    },
    {
      requesterId: id('Olivia'),
      receiverId: id('Maya'),
      type: 'friend',
      status: 'rejected',
      createdAt: daysAgo(12),
    },
    {
      requesterId: id('Noah'),
      receiverId: id('Jordan'),
      type: 'friend',
      status: 'pending',
      createdAt: hoursAgo(2),
    },
    {
      requesterId: id('Maya'),
      receiverId: id('Samuel'),
      type: 'watched',
      status: 'accepted',
      createdAt: daysAgo(8),
    },
    {
      requesterId: id('Priya'),
      receiverId: id('Rachel'),
      type: 'watched',
      status: 'accepted',
      createdAt: daysAgo(6),
    },
    {
      requesterId: id('Maya'),
      receiverId: id('Jordan'),
      type: 'partner',
      status: 'accepted',
      createdAt: daysAgo(20),
    },
    {
      requesterId: id('Priya'),
      receiverId: id('Maya'),
      type: 'partner',
      status: 'pending',
      createdAt: hoursAgo(20),
    },
  ])
}
