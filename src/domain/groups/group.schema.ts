import { z } from 'zod'
import { cleanChatText, cleanName } from '../display-text'
import { playDateSummary, playerSummary } from '../play-dates/play-date.schema'

// Groups of regulars (docs/decisions/0166-groups.md).

export const GROUP_NAME_MAX = 60
export const GROUP_DESCRIPTION_MAX = 500
// Bounds that keep one player's data small.
export const MAX_GROUPS_OWNED = 20
export const GROUP_MEMBERS_MAX = 500

export const GROUP_NAME_REQUIRED = 'Group name is required'
export const GROUP_NOT_FOUND = 'Group not found'
export const INVITE_LINK_INVALID = 'This invite link is not valid. Ask the group for a new one.'
export const GROUP_CLOSED = 'This group was closed'
export const ALREADY_A_MEMBER = 'You are already a member of this group'
export const ALREADY_ASKED = 'You already asked to join this group'
export const ORGANISERS_ONLY = 'Only the group’s organisers can do that'
export const OWNER_ONLY = 'Only the group’s owner can do that'
export const OWNER_STAYS = 'The owner cannot leave or be removed from the group'
export const ORGANISER_REMOVED_BY_OWNER = 'Only the owner can remove an organiser'
export const MEMBER_NOT_FOUND = 'Member not found'
export const JOIN_REQUEST_NOT_FOUND = 'Request not found'
export const GROUPS_LIMIT_REACHED = `You can own at most ${MAX_GROUPS_OWNED} groups`
export const GROUP_FULL = `A group can have at most ${GROUP_MEMBERS_MAX} members`

export const groupVisibilities = ['open', 'invite_only'] as const
export type GroupVisibility = (typeof groupVisibilities)[number]
export const visibilityLabels: Record<GroupVisibility, string> = {
  open: 'Open: anyone with the link joins',
  invite_only: 'Invite-only: organisers accept each request',
}

export const groupRoles = ['owner', 'organiser', 'member'] as const
export type GroupRole = (typeof groupRoles)[number]
export const roleLabels: Record<GroupRole, string> = {
  owner: 'Owner',
  organiser: 'Organiser',
  member: 'Member',
}

const groupName = z.preprocess(
  cleanName,
  z
    .string({ error: GROUP_NAME_REQUIRED })
    .trim()
    .min(1, GROUP_NAME_REQUIRED)
    .max(GROUP_NAME_MAX, `Group name must be at most ${GROUP_NAME_MAX} characters`),
)

export const createGroupInput = z.object({
  name: groupName,
  description: z.preprocess(
    cleanChatText,
    z
      .string()
      .trim()
      .max(GROUP_DESCRIPTION_MAX, `Description must be at most ${GROUP_DESCRIPTION_MAX} characters`)
      .default(''),
  ),
  homeVenueId: z.uuid({ error: 'Please choose a venue from the list' }).nullable().default(null),
  visibility: z.enum(groupVisibilities, { error: 'Please choose who can join' }),
})
export type CreateGroupInput = z.infer<typeof createGroupInput>
export type CreateGroupFormValues = z.input<typeof createGroupInput>

export const memberRoleInput = z.object({
  role: z.enum(['organiser', 'member'], { error: 'Please choose organiser or member' }),
})

const venueRef = z.object({ id: z.string(), name: z.string(), city: z.string(), state: z.string() })

export const groupSummary = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  homeVenue: venueRef.nullable(),
  visibility: z.enum(groupVisibilities),
  memberCount: z.int(),
  // The caller's role; null for an admin looking at a group they are not in.
  myRole: z.enum(groupRoles).nullable(),
  closed: z.boolean(),
  createdAt: z.string(),
})
export type GroupSummary = z.infer<typeof groupSummary>

export const groupMember = z.object({
  player: playerSummary,
  role: z.enum(groupRoles),
  joinedAt: z.string(),
})
export type GroupMember = z.infer<typeof groupMember>

export const groupJoinRequest = z.object({
  id: z.string(),
  player: playerSummary,
  createdAt: z.string(),
})
export type GroupJoinRequest = z.infer<typeof groupJoinRequest>

export const groupDetail = groupSummary.extend({
  // The path of the invite link; organisers only (null for members).
  invitePath: z.string().nullable(),
  members: z.array(groupMember),
  // Requests waiting for an answer; organisers only (empty for members).
  joinRequests: z.array(groupJoinRequest),
  // The group's games still to be played, soonest first (docs/decisions/0168).
  upcomingGames: z.array(playDateSummary),
})
export type GroupDetail = z.infer<typeof groupDetail>

// What an invite link shows before joining.
export const groupInvitePreview = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  homeVenue: venueRef.nullable(),
  visibility: z.enum(groupVisibilities),
  memberCount: z.int(),
  // 'member': already in; 'asked': a request waits; 'none': may join (open) or ask (invite-only).
  myStatus: z.enum(['member', 'asked', 'none']),
})
export type GroupInvitePreview = z.infer<typeof groupInvitePreview>

export const joinOutput = z.object({
  groupId: z.string(),
  status: z.enum(['joined', 'asked']),
})
export type JoinOutput = z.infer<typeof joinOutput>

export const inviteCodeParam = z.object({
  code: z.string({ error: INVITE_LINK_INVALID }).min(1, INVITE_LINK_INVALID).max(64, INVITE_LINK_INVALID),
})
