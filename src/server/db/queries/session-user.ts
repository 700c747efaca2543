import type { SessionUser } from '../../../domain/profiles/profile.schema'
import { profilePhotoUrl } from '../../../domain/players/profile-photo'
import { profiles } from '../schema'

// The signed-in player as every page gets them (the session's user): the columns to select or
// return, and the row made into the answer. Auth reads it with each session and at sign-in and
// sign-up; profiles return it after each change to the profile.
export const sessionUserColumns = {
  id: profiles.id,
  email: profiles.email,
  firstName: profiles.firstName,
  lastName: profiles.lastName,
  gender: profiles.gender,
  duprRating: profiles.duprRating,
  selfRating: profiles.selfRating,
  birthdate: profiles.birthdate,
  zipCode: profiles.zipCode,
  homeState: profiles.homeState,
  homeRegion: profiles.homeRegion,
  duprId: profiles.duprId,
  photoVersion: profiles.photoVersion,
  isAdmin: profiles.isAdmin,
  isPaused: profiles.isPaused,
  createdAt: profiles.createdAt,
  updatedAt: profiles.updatedAt,
}

interface SessionUserRow {
  id: string
  email: string
  firstName: string
  lastName: string
  gender: SessionUser['gender']
  duprRating: number | string | null
  selfRating: number | string
  birthdate: string
  zipCode: string | null
  homeState: SessionUser['homeState']
  homeRegion: string | null
  duprId: string | null
  photoVersion: string | null
  isAdmin: boolean
  createdAt: Date
  updatedAt: Date
}

export const toSessionUser = (row: SessionUserRow): SessionUser => ({
  id: row.id,
  email: row.email,
  firstName: row.firstName,
  lastName: row.lastName,
  gender: row.gender,
  duprRating: row.duprRating === null ? null : Number(row.duprRating),
  selfRating: Number(row.selfRating),
  birthdate: row.birthdate,
  zipCode: row.zipCode,
  homeState: row.homeState,
  homeRegion: row.homeRegion,
  duprId: row.duprId,
  isAdmin: row.isAdmin,
  photoUrl: profilePhotoUrl(row.id, row.photoVersion),
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
})
