import { playDateMessages, playDateRequests, playDates } from '../schema'
import { daysAgo, type DemoWorld, hoursAgo } from './demo-world'

// PlayDates in every status, with applications and a chat.
export async function seedPlayDates({ tx, id }: DemoWorld) {
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
  return { mayaOpen, sofiaMatched }
}
