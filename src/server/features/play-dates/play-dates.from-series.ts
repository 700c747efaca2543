import type { Tx } from '../../db/client'
import { playDates } from '../../db/schema'
import { scheduleExpiry } from './play-dates.jobs'
import { announce } from './play-dates.notify'
import { atVenue } from './play-dates.at-venue'

// A group series' occurrence posted as a PlayDate by the series' job (features/groups,
// docs/decisions/0169-recurring-series.md): the host posts it alone, so members join alone as the
// host's partner or as a pair against them; anyone's rating is welcome.
export interface SeriesGame {
  hostId: string
  groupId: string
  venue: { id: string; state: string; region: string; latitude: number | null; longitude: number | null }
  startsAt: Date
  timeZone: string
  durationMinutes: number
  amount: number
  description: string
  // Null: the group's members only.
  openToAllAt: Date | null
}

export async function postSeriesGame(tx: Tx, game: SeriesGame): Promise<string> {
  const [created] = await tx
    .insert(playDates)
    .values({
      creatorId: game.hostId,
      partnerId: null,
      postedAlone: true,
      minDupr: null,
      maxDupr: null,
      type: 'challenge',
      doublesType: 'any',
      status: 'open',
      state: game.venue.state as (typeof playDates.$inferInsert)['state'],
      regions: [game.venue.region],
      paymentPerHourMin: game.amount,
      paymentPerHourMax: game.amount,
      description: game.description,
      startsAt: game.startsAt,
      timeZone: game.timeZone,
      durationMinutes: game.durationMinutes,
      ...atVenue(game.venue),
      groupId: game.groupId,
      openToAllAt: game.openToAllAt,
    })
    .returning({ id: playDates.id })
  if (!created) throw new Error('insert returned nothing')
  await scheduleExpiry(tx, { id: created.id, startsAt: game.startsAt })
  await announce(tx, created.id, [game.hostId])
  return created.id
}
