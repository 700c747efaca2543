import { sql } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import type { PlayerSummary } from '../../domain/play-dates/play-date.schema'
import { profilePhotoUrl } from '../../domain/players/profile-photo'
import { profiles } from './schema'

type SummaryKey = 'id' | 'firstName' | 'lastName' | 'gender' | 'duprRating' | 'selfRating' | 'photoVersion'

// A player's public summary (name, gender, ratings, photo) as PlayDates, connections and profiles show
// it, selected through profiles or any alias of it.
export const summaryColumnsOf = (p: Record<SummaryKey, AnyPgColumn>) => ({
  id: p.id as typeof profiles.id,
  firstName: p.firstName as typeof profiles.firstName,
  lastName: p.lastName as typeof profiles.lastName,
  gender: p.gender as typeof profiles.gender,
  duprRating: p.duprRating as typeof profiles.duprRating,
  selfRating: p.selfRating as typeof profiles.selfRating,
  // The photo's version, kept on the profile: its address without a join (decision 0098).
  photoVersion: p.photoVersion as typeof profiles.photoVersion,
})

export const profileSummaryColumns = summaryColumnsOf(profiles)

// "Ann Lee": a player's display name, through profiles or any alias of it. Null when the alias
// is left-joined and no player is there.
export const playerName = (p: { firstName: AnyPgColumn; lastName: AnyPgColumn }) =>
  sql<string>`${p.firstName} || ' ' || ${p.lastName}`

export type PlayerSummaryRow = {
  id: string
  firstName: string
  lastName: string
  gender: 'male' | 'female'
  duprRating: number | null
  selfRating: number
  photoVersion: string | null
}

// Only the summary's fields, whatever else the row carries.
export const toPlayer = (row: PlayerSummaryRow): PlayerSummary => ({
  id: row.id,
  firstName: row.firstName,
  lastName: row.lastName,
  gender: row.gender,
  duprRating: row.duprRating === null ? null : Number(row.duprRating),
  selfRating: Number(row.selfRating),
  photoUrl: profilePhotoUrl(row.id, row.photoVersion),
})
