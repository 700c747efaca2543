import { hashPassword } from '../features/auth'
import type { Db } from './client'
import {
  connections,
  notifications,
  partnerListEntries,
  partnerLists,
  passwords,
  playDateMessages,
  playDateRequests,
  playDates,
  players,
  profiles,
  signupCodes,
} from './schema'

export const DEMO_PASSWORD = 'pickleball'
export const DEMO_ADMIN_EMAIL = 'admin@demo.picklematch.app'

export async function isDatabaseEmpty(db: Db) {
  const rows = await db.select({ id: profiles.id }).from(profiles).limit(1)
  return rows.length === 0
}

type Gender = 'male' | 'female'
interface DemoPlayer {
  first: string
  last: string
  gender: Gender
  dupr: number
  self: number
  born: string
  zip: string
}

// A small believable world: players across ratings, genders and ages in the Phoenix area and beyond.
const demoPlayers: DemoPlayer[] = [
  {
    first: 'Avery',
    last: 'Admin',
    gender: 'female',
    dupr: 4.25,
    self: 4.0,
    born: '1984-03-12',
    zip: '85004',
  },
  { first: 'Maya', last: 'Lopez', gender: 'female', dupr: 3.85, self: 4.0, born: '1991-07-22', zip: '85281' },
  {
    first: 'Jordan',
    last: 'Reyes',
    gender: 'male',
    dupr: 4.12,
    self: 4.25,
    born: '1988-11-02',
    zip: '85251',
  },
  {
    first: 'Priya',
    last: 'Natarajan',
    gender: 'female',
    dupr: 3.42,
    self: 3.5,
    born: '1995-01-30',
    zip: '85018',
  },
  { first: 'Marcus', last: 'Bell', gender: 'male', dupr: 5.05, self: 5.0, born: '1979-05-14', zip: '85201' },
  {
    first: 'Linda',
    last: 'Okafor',
    gender: 'female',
    dupr: 3.1,
    self: 3.25,
    born: '1961-09-08',
    zip: '85374',
  },
  { first: 'Tom', last: 'Hughes', gender: 'male', dupr: 2.85, self: 3.0, born: '1956-12-19', zip: '85375' },
  {
    first: 'Sofia',
    last: 'Marino',
    gender: 'female',
    dupr: 4.55,
    self: 4.5,
    born: '1998-04-03',
    zip: '85226',
  },
  { first: 'Ethan', last: 'Kim', gender: 'male', dupr: 3.65, self: 3.75, born: '2001-08-27', zip: '85284' },
  {
    first: 'Grace',
    last: 'Whitfield',
    gender: 'female',
    dupr: 2.6,
    self: 2.75,
    born: '1958-02-11',
    zip: '86336',
  },
  {
    first: 'Diego',
    last: 'Alvarez',
    gender: 'male',
    dupr: 4.78,
    self: 4.75,
    born: '1990-06-16',
    zip: '85705',
  },
  {
    first: 'Hannah',
    last: 'Schultz',
    gender: 'female',
    dupr: 3.95,
    self: 4.0,
    born: '1987-10-05',
    zip: '86001',
  },
  { first: 'Kevin', last: 'Nguyen', gender: 'male', dupr: 3.3, self: 3.5, born: '1993-03-25', zip: '85308' },
  {
    first: 'Rachel',
    last: 'Goldberg',
    gender: 'female',
    dupr: 4.9,
    self: 5.0,
    born: '1982-12-01',
    zip: '85255',
  },
  { first: 'Samuel', last: 'Osei', gender: 'male', dupr: 5.6, self: 5.5, born: '1996-07-09', zip: '85016' },
  { first: 'Olivia', last: 'Chen', gender: 'female', dupr: 3.2, self: 3.0, born: '2003-05-21', zip: '85719' },
  { first: 'Frank', last: 'Delgado', gender: 'male', dupr: 3.9, self: 4.0, born: '1953-01-17', zip: '85351' },
  {
    first: 'Ivy',
    last: 'Thompson',
    gender: 'female',
    dupr: 2.95,
    self: 3.0,
    born: '1966-08-30',
    zip: '86403',
  },
  { first: 'Nate', last: 'Carlson', gender: 'male', dupr: 4.35, self: 4.5, born: '1985-09-12', zip: '85364' },
  {
    first: 'Beatriz',
    last: 'Souza',
    gender: 'female',
    dupr: 4.05,
    self: 4.0,
    born: '1976-11-28',
    zip: '85541',
  },
  { first: 'Chris', last: 'Patel', gender: 'male', dupr: 3.55, self: 3.5, born: '1999-02-14', zip: '32801' },
  {
    first: 'Dana',
    last: 'Morris',
    gender: 'female',
    dupr: 3.75,
    self: 3.75,
    born: '1969-06-06',
    zip: '92101',
  },
  { first: 'Eli', last: 'Friedman', gender: 'male', dupr: 6.1, self: 6.0, born: '1994-04-18', zip: '84101' },
  {
    first: 'Fatima',
    last: 'Haddad',
    gender: 'female',
    dupr: 3.05,
    self: 3.25,
    born: '1990-10-10',
    zip: '78701',
  },
  { first: 'George', last: 'Brooks', gender: 'male', dupr: 2.4, self: 2.5, born: '1950-03-03', zip: '85142' },
  {
    first: 'Isabel',
    last: 'Romero',
    gender: 'female',
    dupr: 4.65,
    self: 4.75,
    born: '1989-12-24',
    zip: '85286',
  },
  {
    first: 'Jamal',
    last: 'Washington',
    gender: 'male',
    dupr: 4.45,
    self: 4.25,
    born: '1983-07-31',
    zip: '85257',
  },
  {
    first: 'Keiko',
    last: 'Tanaka',
    gender: 'female',
    dupr: 3.35,
    self: 3.5,
    born: '1972-01-09',
    zip: '85260',
  },
  {
    first: 'Luis',
    last: 'Herrera',
    gender: 'male',
    dupr: 5.25,
    self: 5.25,
    born: '1992-05-05',
    zip: '85210',
  },
  {
    first: 'Megan',
    last: 'Foster',
    gender: 'female',
    dupr: 2.75,
    self: 3.0,
    born: '2000-09-19',
    zip: '85283',
  },
  { first: 'Noah', last: 'Adams', gender: 'male', dupr: 3.8, self: 3.75, born: '1997-11-11', zip: '85295' },
]

const emailOf = (p: DemoPlayer) =>
  p.last === 'Admin' ? DEMO_ADMIN_EMAIL : `${p.first}.${p.last}@demo.picklematch.app`.toLowerCase()

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000)
const daysAgo = (days: number) => hoursAgo(days * 24)

export async function seedDemo(db: Db, options: { productName: string }) {
  const hash = await hashPassword(DEMO_PASSWORD)

  return db.transaction(async (tx) => {
    const created = await tx
      .insert(profiles)
      .values(
        demoPlayers.map((p, index) => ({
          email: emailOf(p),
          firstName: p.first,
          lastName: p.last,
          gender: p.gender,
          duprRating: p.dupr,
          selfRating: p.self,
          birthdate: p.born,
          zipCode: p.zip,
          isAdmin: index === 0,
          // One player is paused, so the admin area has something to show.
          isPaused: p.first === 'Megan',
          emailVerifiedAt: daysAgo(60 - index),
          // A few players confirmed their ratings long ago: the rating prompt asks them.
          ratingsConfirmedAt: index % 7 === 3 ? daysAgo(120) : daysAgo(10),
          createdAt: daysAgo(90 - index * 2),
        })),
      )
      .returning({ id: profiles.id, firstName: profiles.firstName, lastName: profiles.lastName })
    await tx.insert(passwords).values(created.map((p) => ({ profileId: p.id, hash })))

    const byName = new Map(created.map((p) => [p.firstName, p.id]))
    const id = (first: string) => {
      const value = byName.get(first)
      if (!value) throw new Error(`demo player ${first} missing`)
      return value
    }

    // Friendships in every state, watching and regular partners.
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

    // PlayDates in every status.
    const pd = await tx
      .insert(playDates)
      .values([
        {
          creatorId: id('Maya'),
          partnerId: id('Jordan'),
          type: 'challenge',
          state: 'AZ',
          regions: ['east_valley', 'central_phoenix'],
          paymentPerHourMin: 40,
          paymentPerHourMax: 40,
          description: 'Looking for a 4.5+ team to push us before the Mesa tournament. Evenings after 6pm.',
          createdAt: hoursAgo(8),
        },
        {
          creatorId: id('Marcus'),
          partnerId: id('Diego'),
          type: 'earn',
          state: 'AZ',
          regions: ['east_valley'],
          paymentPerHourMin: 30,
          paymentPerHourMax: 30,
          description: 'Happy to play and coach a 3.0-3.5 team: drills on the third-shot drop, then games.',
          createdAt: hoursAgo(26),
        },
        {
          creatorId: id('Linda'),
          partnerId: id('Tom'),
          type: 'challenge',
          state: 'AZ',
          regions: ['west_valley'],
          paymentPerHourMin: 25,
          paymentPerHourMax: 25,
          description: 'Sun City regulars want a morning game against a stronger pair. Courts booked 8-10am.',
          createdAt: daysAgo(3),
        },
        {
          creatorId: id('Sofia'),
          partnerId: id('Rachel'),
          type: 'earn',
          status: 'matched',
          state: 'AZ',
          regions: ['central_phoenix'],
          paymentPerHourMin: 35,
          paymentPerHourMax: 35,
          description: 'Two 4.5+ players offering a competitive session with tips between games.',
          createdAt: daysAgo(4),
        },
        {
          creatorId: id('Jordan'),
          partnerId: id('Ethan'),
          type: 'challenge',
          status: 'completed',
          state: 'AZ',
          regions: ['tucson'],
          paymentPerHourMin: 20,
          paymentPerHourMax: 20,
          description: 'Weekend trip to Tucson: want to play a strong local team.',
          createdAt: daysAgo(14),
        },
        {
          creatorId: id('Chris'),
          partnerId: id('Dana'),
          type: 'challenge',
          status: 'cancelled',
          cancelledBy: id('Chris'),
          state: 'FL',
          regions: ['statewide'],
          paymentPerHourMin: 30,
          paymentPerHourMax: 30,
          description: 'Orlando area, looking for a 4.0 team on Saturday mornings.',
          createdAt: daysAgo(9),
        },
        {
          creatorId: id('Eli'),
          partnerId: id('Fatima'),
          type: 'earn',
          state: 'UT',
          regions: ['statewide'],
          paymentPerHourMin: 50,
          paymentPerHourMax: 50,
          description: 'Pro-level practice partner in Salt Lake City; mixed doubles focus.',
          createdAt: daysAgo(1),
        },
      ])
      .returning({ id: playDates.id })
    const [mayaOpen, marcusOpen, lindaOpen, sofiaMatched, jordanCompleted] = pd.map((p) => p.id)
    if (!mayaOpen || !marcusOpen || !lindaOpen || !sofiaMatched || !jordanCompleted)
      throw new Error('seed failed')

    await tx.insert(playDateRequests).values([
      {
        playDateId: mayaOpen,
        requesterId: id('Samuel'),
        requesterPartnerId: id('Diego'),
        createdAt: hoursAgo(4),
      },
      {
        playDateId: marcusOpen,
        requesterId: id('Priya'),
        requesterPartnerId: id('Kevin'),
        createdAt: hoursAgo(20),
      },
      {
        playDateId: lindaOpen,
        requesterId: id('Hannah'),
        requesterPartnerId: id('Nate'),
        status: 'declined',
        createdAt: daysAgo(2),
      },
      {
        playDateId: sofiaMatched,
        requesterId: id('Maya'),
        requesterPartnerId: id('Priya'),
        status: 'accepted',
        createdAt: daysAgo(3),
      },
      {
        playDateId: sofiaMatched,
        requesterId: id('Isabel'),
        requesterPartnerId: id('Jamal'),
        status: 'declined',
        createdAt: daysAgo(3),
      },
      {
        playDateId: jordanCompleted,
        requesterId: id('Marcus'),
        requesterPartnerId: id('Diego'),
        status: 'accepted',
        createdAt: daysAgo(13),
      },
    ])
    await tx.insert(playDateMessages).values([
      {
        playDateId: sofiaMatched,
        userId: id('Sofia'),
        content: 'Great to match with you! Does Thursday 6pm at Encanto work?',
        createdAt: daysAgo(2.9),
      },
      {
        playDateId: sofiaMatched,
        userId: id('Maya'),
        content: 'Thursday works for us. Priya can bring balls.',
        createdAt: daysAgo(2.8),
      },
      {
        playDateId: sofiaMatched,
        userId: id('Rachel'),
        content: "Perfect, I'll book courts 3 and 4.",
        createdAt: daysAgo(2.7),
      },
      {
        playDateId: jordanCompleted,
        userId: id('Marcus'),
        content: 'Good games today, thanks!',
        createdAt: daysAgo(12),
      },
    ])

    // SUPR Builder players kept by Maya, one linked to a profile.
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

    // A partner list with a friend entry and a manual entry.
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

    await tx.insert(notifications).values([
      {
        userId: id('Maya'),
        type: 'connection_request',
        title: 'New Friend Request',
        message: 'Ethan Kim wants to be your friend',
        link: '/connections?view=received',
        createdAt: hoursAgo(5),
      },
      {
        userId: id('Maya'),
        type: 'other',
        title: 'New application',
        message: 'Samuel Osei and Diego Alvarez applied to your PlayDate',
        link: `/playdates/${mayaOpen}`,
        createdAt: hoursAgo(4),
      },
      {
        userId: id('Maya'),
        type: 'other',
        title: 'Application accepted',
        message: 'Sofia Marino accepted your application',
        link: `/playdates/${sofiaMatched}`,
        read: true,
        createdAt: daysAgo(3),
      },
      {
        userId: id('Jordan'),
        type: 'playdate_created',
        title: 'New PlayDate',
        message: 'Maya Lopez created a PlayDate with you as partner',
        link: `/playdates/${mayaOpen}`,
        createdAt: hoursAgo(8),
      },
      {
        userId: id('Jordan'),
        type: 'connection_request',
        title: 'New Friend Request',
        message: 'Noah Adams wants to be your friend',
        link: '/connections?view=received',
        createdAt: hoursAgo(2),
      },
    ])

    await tx.insert(signupCodes).values([
      { code: '4827193', urlCode: 'spring-league', createdById: id('Avery') },
      { code: '7305518', createdById: id('Avery') },
      {
        code: '6194027',
        urlCode: 'mesa-club',
        userId: id('Noah'),
        usedAt: daysAgo(30),
        createdById: id('Avery'),
      },
    ])

    const summary = [
      `${options.productName} demo data is ready. Sign in with password "${DEMO_PASSWORD}":`,
      `  ${DEMO_ADMIN_EMAIL}  (admin)`,
      `  ${emailOf(demoPlayers[1]!)}  (friends, PlayDates, a partner list)`,
      `  ${emailOf(demoPlayers[2]!)}`,
      `Signup codes: 4827193 (or /signup?code=spring-league), 7305518`,
    ].join('\n')
    return { summary }
  })
}
