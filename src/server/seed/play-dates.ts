import { playDateMessages, playDateReports, playDateRequests, playDates } from '../db/schema'
import type { StateCode } from '../../domain/play-dates/play-date.schema'
import { defaultDuprRange, joiningRating } from '../../domain/play-dates/spots'
import { wallClock, zonedInstant } from '../../domain/play-dates/schedule'
import { atVenue, scheduleExpiry, scheduleReminders, scheduleResultStands } from '../features/play-dates'
import { agoFrom, type DemoWorld } from './demo-world'
import { demoPlayers } from './profiles'
import type { DemoVenue } from './venues'

// PlayDates in every status, with applications and a chat, spread over the last 30 days and the
// next 14, at the demo venues: a newcomer's first look is a real week of games.
export async function seedPlayDates({ tx, id, now }: DemoWorld, venueNamed: (name: string) => DemoVenue) {
  const { daysAgo, hoursAgo } = agoFrom(now)
  // A start `days` from today at a wall-clock time at the venue, for `minutes`: the venue's clock
  // and place, as the wizard gives a PlayDate at a venue (createPlayDate), so distances and the
  // dashboard's games near you find the demo games.
  const when = (days: number, time: string, venueName: string, minutes = 120) => {
    const venue = venueNamed(venueName)
    const date = wallClock(new Date(now.getTime() + days * 86_400_000), venue.timeZone).date
    return {
      startsAt: zonedInstant(date, time, venue.timeZone)!,
      timeZone: venue.timeZone,
      durationMinutes: minutes,
      ...atVenue(venue),
    }
  }
  // Who may join alone, as the wizard leaves it when the creator says nothing: the pair's rating
  // ±0.5. No demo game is one from before ranges, where anyone may join alone.
  const rangeOf = (...names: [string, string]) => {
    const range = defaultDuprRange(
      joiningRating(
        names.map((name) => {
          const player = demoPlayers.find((p) => p.first === name)
          if (!player) throw new Error(`demo player ${name} missing`)
          return { duprRating: player.dupr, selfRating: player.self }
        }),
      ),
    )
    return { minDupr: range.min, maxDupr: range.max }
  }
  const pd = await tx
    .insert(playDates)
    .values([
      {
        creatorId: id('Maya'),
        partnerId: id('Jordan'),
        ...rangeOf('Maya', 'Jordan'),
        type: 'challenge',
        state: 'AZ',
        regions: ['east_valley', 'central_phoenix'],
        paymentPerHourMin: 40,
        paymentPerHourMax: 40,
        description: 'Looking for a 4.5+ team to push us before the Mesa tournament. Evenings after 6pm.',
        ...when(2, '18:00', 'Red Mountain Pickleball Park'),
        createdAt: hoursAgo(8),
      },
      {
        creatorId: id('Marcus'),
        partnerId: id('Diego'),
        ...rangeOf('Marcus', 'Diego'),
        type: 'earn',
        state: 'AZ',
        regions: ['east_valley'],
        paymentPerHourMin: 30,
        paymentPerHourMax: 30,
        description: 'Happy to play and coach a 3.0-3.5 team: drills on the third-shot drop, then games.',
        ...when(3, '08:00', 'Superstition Springs Courts', 120),
        createdAt: hoursAgo(26),
      },
      {
        creatorId: id('Linda'),
        partnerId: id('Tom'),
        ...rangeOf('Linda', 'Tom'),
        type: 'challenge',
        state: 'AZ',
        regions: ['west_valley'],
        paymentPerHourMin: 25,
        paymentPerHourMax: 25,
        description: 'Sun City regulars want a morning game against a stronger pair. Courts booked 8-10am.',
        ...when(5, '08:00', 'Sun Village Courts'),
        createdAt: daysAgo(3),
      },
      {
        creatorId: id('Sofia'),
        partnerId: id('Rachel'),
        ...rangeOf('Sofia', 'Rachel'),
        type: 'earn',
        status: 'matched',
        state: 'AZ',
        regions: ['central_phoenix'],
        paymentPerHourMin: 35,
        paymentPerHourMax: 35,
        description: 'Two 4.5+ players offering a competitive session with tips between games.',
        ...when(1, '09:00', 'Encanto Pickleball Club', 90),
        createdAt: daysAgo(4),
      },
      {
        creatorId: id('Jordan'),
        partnerId: id('Ethan'),
        ...rangeOf('Jordan', 'Ethan'),
        type: 'challenge',
        status: 'completed',
        state: 'AZ',
        regions: ['tucson'],
        paymentPerHourMin: 20,
        paymentPerHourMax: 20,
        description: 'A trip to Tucson: want to play a strong local team.',
        ...when(-12, '09:00', 'Saguaro Paddle Park'),
        createdAt: daysAgo(14),
      },
      {
        creatorId: id('Chris'),
        partnerId: id('Dana'),
        ...rangeOf('Chris', 'Dana'),
        type: 'challenge',
        status: 'cancelled',
        cancelledBy: id('Chris'),
        state: 'FL',
        regions: ['statewide'],
        paymentPerHourMin: 30,
        paymentPerHourMax: 30,
        description: 'Orlando area, looking for a 4.0 team for a morning game.',
        ...when(-5, '08:00', 'Lake Eola Paddle Club'),
        createdAt: daysAgo(9),
      },
      {
        creatorId: id('Eli'),
        partnerId: id('Fatima'),
        ...rangeOf('Eli', 'Fatima'),
        type: 'earn',
        state: 'UT',
        regions: ['statewide'],
        paymentPerHourMin: 50,
        paymentPerHourMax: 50,
        description: 'Pro-level practice partner in Salt Lake City; mixed doubles focus.',
        ...when(6, '17:30', 'Wasatch Indoor Pickleball', 90),
        createdAt: daysAgo(1),
      },
    ])
    .returning({
      id: playDates.id,
      startsAt: playDates.startsAt,
      timeZone: playDates.timeZone,
      status: playDates.status,
    })
  const [mayaOpen, marcusOpen, lindaOpen, sofiaMatched, jordanCompleted] = pd.map((p) => p.id)
  // The chat names the matched game's day as it falls this time: the demo's dates move with today.
  const matchedDay = pd[3]!.startsAt!.toLocaleDateString('en-US', {
    weekday: 'long',
    timeZone: pd[3]!.timeZone!,
  })
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
      content: 'Great to match with you! Encanto courts 3 and 4 work for you?',
      createdAt: daysAgo(2.9),
    },
    {
      playDateId: sofiaMatched,
      userId: id('Maya'),
      content: `${matchedDay} works for us. Priya can bring balls.`,
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
      // After the game, on its day.
      createdAt: new Date(pd[4]!.startsAt!.getTime() + 3 * 3_600_000),
    },
  ])

  // More open games over the coming two weeks, and games of the last month, across the states.
  const more: Array<
    [string, string, 'challenge' | 'earn', StateCode, string, number, string, string, number]
  > = [
    ['Priya', 'Kevin', 'challenge', 'AZ', 'central_phoenix', 1, '18:30', 'Camelback Indoor Courts', 35],
    ['Hannah', 'Nate', 'earn', 'AZ', 'tucson', 4, '07:30', 'Catalina Foothills Courts', 30],
    ['Isabel', 'Jamal', 'challenge', 'AZ', 'east_valley', 6, '08:00', 'Red Mountain Pickleball Park', 25],
    ['Luis', 'Samuel', 'earn', 'AZ', 'west_valley', 7, '09:00', 'Bell Road Paddle Center', 40],
    ['Keiko', 'Beatriz', 'challenge', 'AZ', 'flagstaff', 9, '10:00', 'Ponderosa Rec Center', 20],
    ['Frank', 'George', 'challenge', 'AZ', 'sedona', 11, '08:00', 'Red Rock Pickleball Courts', 25],
    ['Noah', 'Ethan', 'earn', 'CA', 'statewide', 8, '17:00', 'Mission Bay Courts', 45],
    ['Linda', 'Grace', 'challenge', 'TX', 'statewide', 13, '08:30', 'Zilker Paddle Park', 30],
  ]
  const upcoming = await tx
    .insert(playDates)
    .values(
      more.map(([a, b, type, state, region, days, time, venueName, amount]) => ({
        creatorId: id(a),
        partnerId: id(b),
        ...rangeOf(a, b),
        type,
        state,
        regions: [region],
        paymentPerHourMin: amount,
        paymentPerHourMax: amount,
        description:
          type === 'challenge'
            ? `${a} and ${b} want a stronger team to learn from. Courts are booked.`
            : `${a} and ${b} will play and share tips with a newer team.`,
        createdAt: hoursAgo(6 + days * 3),
        ...when(Math.floor(days), time, venueName),
      })),
    )
    .returning({ id: playDates.id, startsAt: playDates.startsAt, status: playDates.status })
  // Games posted alone (docs/decisions/0137): Fatima wants a partner and Keiko applied alone; Priya
  // wants one in Central Phoenix, where a newcomer with no friends finds her game among those they
  // can join alone (docs/decisions/0209); Chris found his partner in Dana, and Frank holds one spot
  // on the other side, one left.
  const solo = await tx
    .insert(playDates)
    .values([
      {
        creatorId: id('Fatima'),
        postedAlone: true,
        minDupr: 2.55,
        maxDupr: 3.55,
        type: 'challenge' as const,
        state: 'AZ' as const,
        regions: ['east_valley'],
        paymentPerHourMin: 30,
        paymentPerHourMax: 30,
        description: 'New in town and no partner yet: join alone and we split the price.',
        createdAt: hoursAgo(5),
        ...when(2, '07:00', 'Red Mountain Pickleball Park'),
      },
      {
        creatorId: id('Priya'),
        postedAlone: true,
        minDupr: 2.75,
        maxDupr: 3.75,
        type: 'challenge' as const,
        state: 'AZ' as const,
        regions: ['central_phoenix'],
        paymentPerHourMin: 20,
        paymentPerHourMax: 20,
        description:
          'Partner wanted for an easygoing evening game at Encanto. New to the app? Join alone and we split the price.',
        createdAt: hoursAgo(3),
        ...when(4, '17:30', 'Encanto Pickleball Club', 90),
      },
      {
        creatorId: id('Chris'),
        partnerId: id('Dana'),
        postedAlone: true,
        minDupr: 3.05,
        maxDupr: 4.05,
        type: 'earn' as const,
        state: 'FL' as const,
        regions: ['statewide'],
        paymentPerHourMin: 25,
        paymentPerHourMax: 25,
        description: 'Friendly 3.5 game, players joining alone welcome. One spot left.',
        createdAt: daysAgo(2),
        ...when(4, '09:00', 'Lake Eola Paddle Club'),
      },
    ])
    .returning({ id: playDates.id, startsAt: playDates.startsAt, status: playDates.status })
  const [fatimaAlone, , chrisAlone] = solo.map((p) => p.id)
  await tx.insert(playDateRequests).values([
    { playDateId: fatimaAlone!, requesterId: id('Keiko'), solo: true, createdAt: hoursAgo(2) },
    {
      playDateId: chrisAlone!,
      requesterId: id('Dana'),
      solo: true,
      status: 'joined',
      createdAt: daysAgo(1.5),
    },
    {
      playDateId: chrisAlone!,
      requesterId: id('Frank'),
      solo: true,
      status: 'accepted',
      createdAt: daysAgo(1),
    },
  ])
  upcoming.push(...solo)

  // Past games: played ones with the opponents and the score both teams agreed, one that
  // expired unmatched, and one Maya's team still has to confirm (docs/decisions/0089).
  type Past = {
    team: [string, string]
    days: number
    place: string
    opponents?: [string, string]
    games?: Array<[number, number]>
    waiting?: boolean
  }
  const past: Past[] = [
    {
      team: ['Maya', 'Priya'],
      days: -3,
      place: 'Kiwanis',
      opponents: ['Samuel', 'Diego'],
      games: [
        [11, 8],
        [6, 11],
        [11, 9],
      ],
    },
    {
      team: ['Maya', 'Jordan'],
      days: -1,
      place: 'Red Mountain',
      opponents: ['Kevin', 'Nate'],
      games: [
        [11, 7],
        [11, 4],
      ],
      waiting: true,
    },
    {
      team: ['Hannah', 'Nate'],
      days: -8,
      place: 'Saguaro',
      opponents: ['Isabel', 'Jamal'],
      games: [
        [9, 11],
        [11, 7],
        [11, 5],
      ],
    },
    { team: ['Isabel', 'Jamal'], days: -20, place: 'Red Mountain' },
    {
      team: ['Linda', 'Tom'],
      days: -27,
      place: 'Sun Village',
      opponents: ['Chris', 'Dana'],
      games: [
        [11, 6],
        [11, 9],
      ],
    },
  ]
  const venueOf: Record<string, [string, string]> = {
    Kiwanis: ['Encanto Pickleball Club', 'central_phoenix'],
    Saguaro: ['Saguaro Paddle Park', 'tucson'],
    'Red Mountain': ['Red Mountain Pickleball Park', 'east_valley'],
    'Sun Village': ['Sun Village Courts', 'west_valley'],
  }
  const games = (list: Array<[number, number]>) =>
    list.map(([creatorTeam, respondingTeam]) => ({ creatorTeam, respondingTeam }))
  const pastGames = await tx
    .insert(playDates)
    .values(
      past.map(({ team: [a, b], days, place, opponents, games: score, waiting }) => {
        const timing = when(days, '08:00', venueOf[place]![0])
        const settled = opponents && score && !waiting
        return {
          creatorId: id(a),
          partnerId: id(b),
          ...rangeOf(a, b),
          type: 'challenge' as const,
          status: !opponents ? ('expired' as const) : waiting ? ('matched' as const) : ('completed' as const),
          state: 'AZ' as const,
          regions: [venueOf[place]![1]],
          paymentPerHourMin: 25,
          paymentPerHourMax: 25,
          description: 'Morning doubles.',
          createdAt: daysAgo(-days + 5),
          ...timing,
          ...(settled
            ? {
                resultOutcome: 'played' as const,
                resultPointsTo: 11,
                resultGames: games(score),
                resultSettledBy: 'agreed' as const,
                resultSettledAt: new Date(timing.startsAt.getTime() + 4 * 3_600_000),
                paidAt: new Date(timing.startsAt.getTime() + 2 * 3_600_000),
                paidBy: id(a),
                receivedAt: new Date(timing.startsAt.getTime() + 3 * 3_600_000),
                receivedBy: id(opponents[0]),
              }
            : {}),
        }
      }),
    )
    .returning({ id: playDates.id, startsAt: playDates.startsAt, status: playDates.status })
  for (const [i, game] of pastGames.entries()) {
    const { opponents, games: score, waiting, days } = past[i]!
    if (!opponents) continue
    await tx.insert(playDateRequests).values({
      playDateId: game.id,
      requesterId: id(opponents[0]),
      requesterPartnerId: id(opponents[1]),
      status: 'accepted',
      createdAt: daysAgo(-days + 3),
    })
    if (!score) continue
    const reportedAt = new Date(game.startsAt!.getTime() + 3 * 3_600_000)
    await tx.insert(playDateReports).values([
      {
        playDateId: game.id,
        team: 'responding',
        reporterId: id(opponents[0]),
        outcome: 'played',
        pointsTo: 11,
        games: games(score),
        createdAt: reportedAt,
      },
      ...(waiting
        ? []
        : [
            {
              playDateId: game.id,
              team: 'creator' as const,
              reporterId: id(past[i]!.team[0]),
              outcome: 'played' as const,
              pointsTo: 11,
              games: games(score),
              createdAt: new Date(reportedAt.getTime() + 3_600_000),
            },
          ]),
    ])
    if (waiting) await scheduleResultStands(tx, game.id, reportedAt)
  }
  // What the app schedules for a game ahead: an open one leaves the lists when its start passes, a
  // matched one reminds its players (24 and 2 hours before).
  for (const game of [...pd, ...upcoming]) {
    if (game.startsAt!.getTime() <= now.getTime()) continue
    const timed = { id: game.id, startsAt: game.startsAt! }
    if (game.status === 'open') await scheduleExpiry(tx, timed)
    if (game.status === 'matched') await scheduleReminders(tx, timed, now)
  }
  return { mayaOpen, sofiaMatched }
}
