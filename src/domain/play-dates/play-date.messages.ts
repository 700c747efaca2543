// PlayDate answers that more than one feature gives (the PlayDate pages and the admin's list).
export const PLAY_DATE_MESSAGES = {
  notFound: 'PlayDate Not Found',
  notAuthorized: 'Not authorized to view this PlayDate',
  partnerNotFriend: 'Your partner must be one of your friends',
  alreadyApplied: 'You or your partner have already applied for this PlayDate',
  noLongerAvailable: 'This PlayDate is no longer available',
  selectFriend: 'Please select a friend',
  ownPlayDate: 'You cannot apply to your own PlayDate',
  requestNotFound: 'Application not found',
} as const
