import { eq } from 'drizzle-orm'
import { firstHomeArea } from '../../domain/profiles/home-area.rules'
import type { Tx } from '../db/client'
import { passwords, playerVenues, profiles } from '../db/schema'
import { placeOfZip } from '../lib/geodata'
import { agoFrom, type DemoWorld } from './demo-world'

export const DEMO_ADMIN_EMAIL = 'admin@demo.picklematch.app'

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
export const demoPlayers: DemoPlayer[] = [
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

export const emailOf = (p: DemoPlayer) =>
  p.last === 'Admin' ? DEMO_ADMIN_EMAIL : `${p.first}.${p.last}@demo.picklematch.app`.toLowerCase()

// The players, their passwords, and a lookup of their ids by first name.
export async function seedProfiles(tx: Tx, passwordHash: string, now: Date) {
  const { daysAgo } = agoFrom(now)
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
        // Where the Available tab opens: what sign-up takes from the same ZIP code.
        ...firstHomeArea(placeOfZip(p.zip)),
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
  await tx.insert(passwords).values(created.map((p) => ({ profileId: p.id, hash: passwordHash })))

  const byName = new Map(created.map((p) => [p.firstName, p.id]))
  const id = (first: string) => {
    const value = byName.get(first)
    if (!value) throw new Error(`demo player ${first} missing`)
    return value
  }

  return id
}

// What a few players say about themselves and where they play (venues by name), for their
// public profiles (docs/decisions/0104-bio-and-plays-at.md).
const demoAbout: Array<{ first: string; bio: string; playsAt: string[] }> = [
  {
    first: 'Maya',
    bio: 'Tempe regular, 3.85 and climbing. Happy to drill third-shot drops before work.',
    playsAt: ['Red Mountain Pickleball Park', 'Encanto Pickleball Club'],
  },
  {
    first: 'Jordan',
    bio: 'Lefty with a big forehand. Weekend mornings, mixed or men’s doubles.',
    playsAt: ['Encanto Pickleball Club'],
  },
  {
    first: 'Priya',
    bio: 'Picked up a paddle two years ago and never put it down. Indoors when it is over 100°F.',
    playsAt: ['Camelback Indoor Courts', 'Encanto Pickleball Club'],
  },
  {
    first: 'Linda',
    bio: 'Retired teacher. Weekday mornings, always up for a friendly game and a coffee after.',
    playsAt: ['Bell Road Paddle Center', 'Sun Village Courts'],
  },
  {
    first: 'Diego',
    bio: 'Tournament player looking for a 4.5+ partner for the spring season.',
    playsAt: ['Saguaro Paddle Park'],
  },
  {
    first: 'Hannah',
    bio: 'Flagstaff local: outside in summer, indoors when it snows.',
    playsAt: ['Thorpe Park Courts', 'Ponderosa Rec Center'],
  },
  {
    first: 'Chris',
    bio: 'New in Orlando and looking for a regular game.',
    playsAt: ['Lake Eola Paddle Club'],
  },
]

export async function seedProfileAbout({ tx, id }: DemoWorld, venue: (name: string) => { id: string }) {
  for (const about of demoAbout) {
    await tx
      .update(profiles)
      .set({ bio: about.bio })
      .where(eq(profiles.id, id(about.first)))
  }
  await tx.insert(playerVenues).values(
    demoAbout.flatMap((about) =>
      about.playsAt.map((name, position) => ({
        profileId: id(about.first),
        venueId: venue(name).id,
        position,
      })),
    ),
  )
}
