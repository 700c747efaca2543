export {
  partnerListKeys,
  useDeletePartnerList,
  useInviteValidation,
  usePartnerList,
  usePartnerListFriends,
  usePartnerLists,
  useRemoveEntry,
  useReorderEntries,
} from './api/partner-lists.queries'
export {
  inviteQuery,
  partnerListFriendsQuery,
  partnerListQuery,
  partnerListsQuery,
} from './api/partner-list.query'
export { AddPartnerDialog } from './components/add-partner-dialog'
export { CreateListDialog } from './components/create-list-dialog'
export { PartnerListCard } from './components/partner-list-card'
export { SortableEntries } from './components/sortable-entries'
