import { z } from 'zod'
import { cleanName } from '../display-text'
import { photoUrlField } from '../players/profile-photo'
import { INVITE_CODE_PATTERN } from './invite-code'

export const LIST_NAME_MAX = 100
export const PERSON_NAME_MAX = 50
export const NOTES_MAX = 2000
export const EMAIL_MAX = 254
// Bounds that keep one player's data and one reorder request small.
export const MAX_LISTS_PER_USER = 100
export const MAX_ENTRIES_PER_LIST = 200

export const LIST_NAME_REQUIRED = 'List name is required'
export const NAMES_REQUIRED = 'Please enter both first and last name'
export const EMAIL_INVALID = 'Please enter a valid email address'
export const ALREADY_IN_LIST = 'Already in list'
export const NO_EMAIL_FOR_PARTNER = 'No email address available for this partner'
export const NEED_A_FRIEND = 'You need at least one friend to create a partner list'
export const LIST_NOT_FOUND = 'Partner list not found'
export const ENTRY_NOT_FOUND = 'Partner not found'
export const NOT_A_FRIEND = 'Only your friends can be added from the friends list'
export const ORDER_OUT_OF_DATE = 'The list has changed. Please reload it and try again.'
export const INVITE_ONLY_MANUAL = 'This partner already has an account'
export const FRIEND_EMAIL_FIXED = 'The email address of a friend cannot be changed here'
export const LIST_LIMIT_REACHED = `You can keep at most ${MAX_LISTS_PER_USER} partner lists`
export const ENTRY_LIMIT_REACHED = `A partner list can hold at most ${MAX_ENTRIES_PER_LIST} partners`
export const INVALID_INVITE_CODE = 'Invalid invite code'
export const INVALID_OR_EXPIRED_INVITE = 'Invalid or expired invite code'
export const INVITE_RATE_LIMITED = 'You have sent many invitations recently. Please try again later.'

export const invitationSentMessage = (email: string) => `Invitation sent to ${email}`

export const entryStatuses = ['unknown', 'confirmed', 'maybe', 'not_interested'] as const
export type EntryStatus = (typeof entryStatuses)[number]

// 'unknown' means the partner is assumed available but has not confirmed; 'confirmed', that they
// said yes (docs/decisions/0179).
export const entryStatusLabels: Record<EntryStatus, string> = {
  unknown: 'Available?',
  confirmed: 'Confirmed',
  maybe: 'Maybe',
  not_interested: 'Not interested',
}

const isBlank = (value: unknown) => value === null || (typeof value === 'string' && value.trim() === '')

const emailValue = z
  .string({ error: EMAIL_INVALID })
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX, EMAIL_INVALID)
  .pipe(z.email({ error: EMAIL_INVALID }))

// Optional on input: an empty field means "no email".
export const optionalEmailInput = z.preprocess(
  (value) => (isBlank(value) ? undefined : value),
  emailValue.optional(),
)

// On update: absent leaves the email as it is, empty or null removes it.
const emailUpdate = z.preprocess((value) => (isBlank(value) ? null : value), emailValue.nullable()).optional()

export const listNameInput = z
  .string({ error: LIST_NAME_REQUIRED })
  .trim()
  .min(1, LIST_NAME_REQUIRED)
  .max(LIST_NAME_MAX, `List name must be at most ${LIST_NAME_MAX} characters`)

export const createListInput = z.object({ name: listNameInput })
export type CreateListInput = z.infer<typeof createListInput>
export type CreateListFormValues = z.input<typeof createListInput>

const personName = z.preprocess(
  cleanName,
  z
    .string({ error: NAMES_REQUIRED })
    .trim()
    .min(1, NAMES_REQUIRED)
    .max(PERSON_NAME_MAX, `Names must be at most ${PERSON_NAME_MAX} characters`),
)

export const manualEntryInput = z.object({
  firstName: personName,
  lastName: personName,
  email: optionalEmailInput,
})
export type ManualEntryInput = z.infer<typeof manualEntryInput>
export type ManualEntryFormValues = z.input<typeof manualEntryInput>

export const friendEntryInput = z.object({
  friendId: z.uuid({ error: NOT_A_FRIEND }),
})
export type FriendEntryInput = z.infer<typeof friendEntryInput>

export const notesInput = z
  .string({ error: 'Notes must be text' })
  .max(NOTES_MAX, `Notes must be at most ${NOTES_MAX} characters`)

export const updateEntryInput = z
  .object({
    status: z
      .enum(entryStatuses, { error: 'Choose Available?, Confirmed, Maybe or Not interested' })
      .optional(),
    notes: notesInput.optional(),
    email: emailUpdate,
  })
  .refine((value) => Object.values(value).some((field) => field !== undefined), {
    message: 'Nothing to update',
  })
export type UpdateEntryInput = z.infer<typeof updateEntryInput>

export const reorderInput = z.object({
  entryIds: z
    .array(z.uuid({ error: ENTRY_NOT_FOUND }), { error: 'Send the full order of the list' })
    .max(MAX_ENTRIES_PER_LIST, ENTRY_LIMIT_REACHED)
    .refine((ids) => new Set(ids).size === ids.length, 'Each partner may appear only once'),
})
export type ReorderInput = z.infer<typeof reorderInput>

export const inviteInput = z.object({ email: optionalEmailInput })
export type InviteInput = z.infer<typeof inviteInput>

export { INVITE_CODE_PATTERN }
export const inviteCodeParam = z.string().regex(INVITE_CODE_PATTERN, INVALID_INVITE_CODE)

export const partnerListSummary = z.object({
  id: z.string(),
  name: z.string(),
  entryCount: z.number().int(),
  createdAt: z.string(),
})
export type PartnerListSummary = z.infer<typeof partnerListSummary>

export const partnerEntry = z.object({
  id: z.string(),
  partnerListId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  duprRating: z.number().nullable(),
  selfRating: z.number().nullable(),
  // The friend's profile; null for a manual entry.
  platformUserId: z.string().nullable(),
  // The friend's face; null for a manual entry or a friend without a photo (show the initials).
  photoUrl: photoUrlField,
  // Only manual entries carry an email address.
  email: z.string().nullable(),
  orderPosition: z.number().int(),
  status: z.enum(entryStatuses),
  notes: z.string(),
  invitedAt: z.string().nullable(),
  createdAt: z.string(),
})
export type PartnerEntry = z.infer<typeof partnerEntry>

export const partnerListDetail = partnerListSummary.extend({ entries: z.array(partnerEntry) })
export type PartnerListDetail = z.infer<typeof partnerListDetail>

export const friendOption = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  duprRating: z.number().nullable(),
  selfRating: z.number(),
  isRegularPartner: z.boolean(),
})
export type FriendOption = z.infer<typeof friendOption>

export const inviteOutput = z.object({
  code: z.string(),
  urlCode: z.string(),
  success: z.literal(true),
  message: z.string(),
  entry: partnerEntry,
})
export type InviteOutput = z.infer<typeof inviteOutput>

export const inviteValidation = z.object({ valid: z.literal(true), code: z.string() })
export type InviteValidation = z.infer<typeof inviteValidation>
