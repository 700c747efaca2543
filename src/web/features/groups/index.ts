export {
  useAdminGroups,
  useCloseGroup,
  useGroup,
  useGroupInvite,
  useJoinGroup,
  useMyGroups,
  useRemoveMember,
} from './api/groups.queries'
export {
  adminGroupsQuery,
  groupChatQuery,
  groupInviteQuery,
  groupKeys,
  groupQuery,
  myGroupsQuery,
} from './api/group.query'
export { useGroupChat } from './api/group-chat.queries'
export { groupSeriesQuery, useGroupSeries } from './api/series.queries'
export { CreateGroupDialog } from './components/create-group-dialog'
export { GroupCard, GroupFacts, membersText } from './components/group-card'
export { GroupMembers, JoinRequests } from './components/group-members'
export { InviteLink } from './components/invite-link'
export { GroupManagement } from './components/group-management'
export { GroupSeries } from './components/group-series'
export { GroupChat } from './components/group-chat'
