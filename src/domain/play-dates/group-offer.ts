// A group's PlayDate is offered to the group's members first (docs/decisions/0168): everyone else
// sees and joins it from its opening time, 24 hours after it was posted, or never ("Members only").

export const groupAudiences = ['members_first', 'members_only'] as const
export type GroupAudience = (typeof groupAudiences)[number]
export const groupAudienceLabels: Record<GroupAudience, string> = {
  members_first: 'Open to everyone after 24 hours',
  members_only: 'Members only',
}

export const OPENS_TO_ALL_AFTER_HOURS = 24

export const GROUP_GAME_ORGANISERS_ONLY = 'Only the group’s owner and organisers can post a game for it'
export const GROUP_GAME_CLOSED = 'This group was closed: it takes no new games'

// When a game posted at `postedAt` opens to everyone; null: never.
export function openToAllAtFor(audience: GroupAudience, postedAt: Date): Date | null {
  return audience === 'members_only'
    ? null
    : new Date(postedAt.getTime() + OPENS_TO_ALL_AFTER_HOURS * 60 * 60 * 1000)
}

// Whether a group's game is still its members' alone at `now` (the badge "Members first").
export const isMembersFirst = (openToAllAt: string | null, now: number) =>
  openToAllAt === null || Date.parse(openToAllAt) > now
