import { type Placeholder, type SQL, sql } from 'drizzle-orm'
import {
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { stateCodes } from '../../../domain/play-dates/play-date.constants'
import { createdAt, id, rating, updatedAt } from './columns'
import { venues } from './venues'

export const profiles = pgTable(
  'profiles',
  {
    id: id(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    gender: text('gender', { enum: ['male', 'female'] }).notNull(),
    // Null for a player without a DUPR rating yet: they count with their self rating
    // (docs/decisions/0096-joining-without-dupr.md).
    duprRating: rating('dupr_rating'),
    selfRating: rating('self_rating').notNull(),
    birthdate: date('birthdate', { mode: 'string' }).notNull(),
    zipCode: text('zip_code'),
    // Where the player usually plays: the Available tab opens on it (both or neither).
    homeState: text('home_state', { enum: stateCodes }),
    homeRegion: text('home_region'),
    // Home for distances, when the player gave the browser's location (rounded to about 1 km, with
    // the name of the place): otherwise home is the centre of their ZIP code's area
    // (docs/decisions/0157).
    homeLatitude: doublePrecision('home_latitude'),
    homeLongitude: doublePrecision('home_longitude'),
    homePlace: text('home_place'),
    // The player's DUPR ID (capitals and digits), for the results export.
    duprId: text('dupr_id'),
    // The current photo's version (the start of its content hash), null without a photo: every
    // player summary builds the photo's address from it without reading profile_photos.
    photoVersion: text('photo_version'),
    // A few words of the player's own on their public profile (plain text, trimmed).
    bio: text('bio'),
    // "Available as a sub" (Profile Settings): asked in a sub search's second wave for games in
    // the home area and rating range (docs/decisions/0152-waitlist-drop-outs-and-subs.md).
    availableAsSub: boolean('available_as_sub').notNull().default(false),
    // Privacy (Profile Settings): other players see the age range and the city unless the player
    // chose to show their birthdate and ZIP code too (docs/decisions/0160).
    showsBirthdateAndZip: boolean('shows_birthdate_and_zip').notNull().default(false),
    isAdmin: boolean('is_admin').notNull().default(false),
    isPaused: boolean('is_paused').notNull().default(false),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    // Rating prompt: ratings last confirmed, and the last time the prompt was skipped.
    ratingsConfirmedAt: timestamp('ratings_confirmed_at', { withTimezone: true }).notNull().defaultNow(),
    ratingPromptSkippedAt: timestamp('rating_prompt_skipped_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('profiles_email_lower_key').on(sql`lower(${t.email})`),
    check('profiles_email_normalised', sql`${t.email} = lower(btrim(${t.email}))`),
    check('profiles_dupr_rating_range', sql`${t.duprRating} between 2 and 7`),
    check('profiles_dupr_id_format', sql`${t.duprId} ~ '^[A-Z0-9]{4,12}$'`),
    check('profiles_home_together', sql`(${t.homeState} is null) = (${t.homeRegion} is null)`),
    check(
      'profiles_home_location_together',
      sql`(${t.homeLatitude} is null) = (${t.homeLongitude} is null) and (${t.homeLatitude} is null) = (${t.homePlace} is null)`,
    ),
    check('profiles_self_rating_range', sql`${t.selfRating} between 2 and 7`),
    check('profiles_first_name_present', sql`length(btrim(${t.firstName})) > 0`),
    check('profiles_last_name_present', sql`length(btrim(${t.lastName})) > 0`),
    // 160 characters as the form counts them (UTF-16) is at most 160 here; no bio is null, not ''.
    check('profiles_bio_length', sql`char_length(${t.bio}) between 1 and 160 and ${t.bio} = btrim(${t.bio})`),
    // The SUPR Builder's profile search matches names from any position: trigram indexes.
    index('profiles_first_name_trgm').using('gin', sql`lower(${t.firstName}) gin_trgm_ops`),
    index('profiles_last_name_trgm').using('gin', sql`lower(${t.lastName}) gin_trgm_ops`),
    // The admin search by an address typed up to or past its '@': a prefix range.
    index('profiles_email_prefix_idx').on(sql`(${t.email} collate "C")`),
    index('profiles_created_at_idx').on(t.createdAt),
    // The admin users list filtered by gender, newest first (its default order): the page and
    // its capped count read the index in order instead of filtering every player by date.
    index('profiles_gender_created_idx').on(t.gender, t.createdAt, t.id),
    index('profiles_name_idx').on(t.lastName, t.firstName),
    index('profiles_first_name_order_idx').on(t.firstName, t.lastName, t.id),
    index('profiles_dupr_idx').on(t.duprRating),
    // A sub search's second wave: the players available as a sub in a home area, by the rating
    // they play at.
    index('profiles_sub_candidates_idx')
      .on(t.homeState, t.homeRegion, sql`(coalesce(${t.duprRating}, ${t.selfRating}))`, t.id)
      .where(sql`${t.availableAsSub} and not ${t.isPaused}`),
    // The admins, locked together before any admin action (a handful of rows among all players).
    index('profiles_admins_idx')
      .on(t.id)
      .where(sql`${t.isAdmin}`),
    // The paused players, newest first for the admin users filter (a few among all players).
    index('profiles_paused_created_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.isPaused}`),
  ],
)

// The venues a player plays at ("plays at" on the public profile), in the player's order. At
// most five: the service replaces the list under the profile's lock, and the positions 0 to 4,
// one venue each, hold the rule in the database too.
export const playerVenues = pgTable(
  'player_venues',
  {
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    // Venues are retired, never deleted: a retired one stays here and leaves the profile's list.
    venueId: uuid('venue_id')
      .notNull()
      .references(() => venues.id),
    position: smallint('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.profileId, t.venueId] }),
    unique('player_venues_profile_position_key').on(t.profileId, t.position),
    check('player_venues_position_range', sql`${t.position} between 0 and 4`),
    index('player_venues_venue_idx').on(t.venueId),
  ],
)

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
})

// A player's photo, cropped square and encoded as WebP in the two sizes the app shows
// (docs/decisions/0098-profile-photos.md). In the database, so every instance serves it.
export const profilePhotos = pgTable('profile_photos', {
  profileId: uuid('profile_id')
    .primaryKey()
    .references(() => profiles.id, { onDelete: 'cascade' }),
  large: bytea('large').notNull(),
  small: bytea('small').notNull(),
  // SHA-256 of both encodings, hex: the strong ETag, and its start the version in the address.
  hash: text('hash').notNull(),
  updatedAt: updatedAt(),
})

// The password hash lives apart from the profile so no profile query can leak it.
export const passwords = pgTable('passwords', {
  profileId: uuid('profile_id')
    .primaryKey()
    .references(() => profiles.id, { onDelete: 'cascade' }),
  hash: text('hash').notNull(),
  // One more at each change or reset: a known browser holds for the version it signed in with.
  version: integer('version').notNull().default(1),
  updatedAt: updatedAt(),
})

// Name search (docs/decisions/0042-name-search.md): one row per profile and per start of what a
// search may type: every prefix of the name read from each of its words ('s' to 'sarah johnson',
// 'j' to 'johnson'), and, marked isEmail, those of the address before its '@' read the same way
// (numbers left out) that the name does not already give. A search is an equality on the key, read in the order of
// the page, so it costs the same with a thousand players or a million. A trigger on profiles
// keeps the rows (migration 0004), with copies of the columns the pages are ordered by.
export const profileSearchKeys = pgTable(
  'profile_search_keys',
  {
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    isEmail: boolean('is_email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    // Friend search and the user picker: names only, in name order.
    index('profile_search_keys_name_idx')
      .on(t.key, t.firstName, t.lastName, t.profileId)
      .where(sql`not ${t.isEmail}`),
    // Admin user list: names and addresses, newest (or oldest) first, and its count with filters.
    index('profile_search_keys_created_idx').on(t.key, t.createdAt, t.profileId),
    // A rename replaces the player's rows.
    index('profile_search_keys_profile_idx').on(t.profileId),
  ],
)

// How many players each key finds, kept by the same trigger: the admin list's total for a name
// search without filters is read here rather than counted.
export const profileSearchKeyCounts = pgTable('profile_search_key_counts', {
  key: text('key').primaryKey(),
  profiles: integer('profiles').notNull(),
})

// The key a search looks up, normalised by the same database function as the keys. It is read
// through a scalar subquery so the planner estimates every search alike: a prepared statement
// then settles on its generic plan (an ordered read of the keys index) instead of planning the
// frequent keys again on every call.
export const nameSearchKey = (search: string | Placeholder): SQL<string> =>
  sql<string>`(select name_search_key(${search}))`
