import { isApiError } from '../../../lib/api-client'

export const applyMessages = {
  selectFriend: 'Please select a friend',
  joinAlone: 'Choose Join alone to apply',
  alreadyApplied: 'You or your partner have already applied for this PlayDate',
  noLongerAvailable: 'This PlayDate is no longer available',
  failed: 'Error submitting application. Please try again.',
  submitted: 'Application submitted successfully',
  loadFailed: 'Error loading data',
  friendsFailed: 'Error loading friends',
} as const

// What the player is told when the server refuses an application, and whether the PlayDate
// is gone for good (then the page returns to the list).
export function describeApplyError(error: unknown): { message: string; gone: boolean } {
  if (!isApiError(error)) return { message: applyMessages.failed, gone: false }
  if (error.code === 'not_found' || error.message === applyMessages.noLongerAvailable) {
    return { message: applyMessages.noLongerAvailable, gone: true }
  }
  // Refusals the server words for the player: already applied, no friend chosen, one's own
  // PlayDate.
  if (error.code === 'conflict' || error.code === 'invalid') return { message: error.message, gone: false }
  return { message: applyMessages.failed, gone: false }
}
