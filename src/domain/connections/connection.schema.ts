import { z } from 'zod'
import { playerBasicsShape } from '../players/player-basics'
import { photoUrlField } from '../players/profile-photo'
import {
  connectionStatuses,
  connectionTypes,
  friendStatuses,
  SEARCH_MAX_LENGTH,
  SEARCH_MIN_LENGTH,
} from './connection.constants'

export * from './connection.constants'

// A player as other players see them: never an email address or a birthdate.
export const playerSummary = z.object({
  ...playerBasicsShape,
  photoUrl: photoUrlField,
})
export type PlayerSummary = z.infer<typeof playerSummary>

export const connectionOutput = z.object({
  id: z.uuid(),
  type: z.enum(connectionTypes),
  status: z.enum(connectionStatuses),
  // 'sent' when the viewer asked, 'received' when the other player did.
  direction: z.enum(['sent', 'received']),
  player: playerSummary,
  // On the Connected tab: the two are regular partners too.
  isRegularPartner: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type ConnectionOutput = z.infer<typeof connectionOutput>

export const connectionListOutput = z.object({
  items: z.array(connectionOutput),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
})
export type ConnectionListOutput = z.infer<typeof connectionListOutput>

export const connectionSummaryOutput = z.object({
  connected: z.number().int(),
  received: z.number().int(),
  sent: z.number().int(),
})
export type ConnectionSummaryOutput = z.infer<typeof connectionSummaryOutput>

export const searchInput = z.object({
  q: z
    .string()
    .trim()
    .min(SEARCH_MIN_LENGTH, `Type at least ${SEARCH_MIN_LENGTH} characters`)
    .max(SEARCH_MAX_LENGTH, `Search at most ${SEARCH_MAX_LENGTH} characters`),
})

export const searchResultOutput = playerSummary.extend({
  friendStatus: z.enum(friendStatuses),
  // The live friend connection, when there is one (to accept or cancel it from the result).
  connectionId: z.uuid().nullable(),
})
export type SearchResultOutput = z.infer<typeof searchResultOutput>

export const searchOutput = z.object({ results: z.array(searchResultOutput) })
export type SearchOutput = z.infer<typeof searchOutput>

export const requestInput = z.object({ receiverId: z.uuid({ error: 'Please choose a player' }) })
export type RequestInput = z.infer<typeof requestInput>
