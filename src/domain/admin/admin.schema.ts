import { z } from 'zod'
import { playDateStatuses, playDateTypes, stateCodes } from '../play-dates/play-date.schema'

export const USERS_PAGE_SIZE = 20
export const PLAY_DATES_PAGE_SIZE = 10
export const USER_SEARCH_LIMIT = 5

const flagFilter = z.enum(['all', 'yes', 'no']).default('all')
const page = z.coerce.number().int().min(1).max(100_000).default(1)
const direction = z.enum(['asc', 'desc']).default('desc')
const search = z.string().trim().max(100).default('')

export const adminUsersQuery = z.object({
  search,
  gender: z.enum(['all', 'male', 'female']).default('all'),
  admin: flagFilter,
  paused: flagFilter,
  sort: z.enum(['created_at', 'first_name', 'last_name', 'dupr_rating', 'gender']).default('created_at'),
  direction,
  page,
})
export type AdminUsersQuery = Partial<z.output<typeof adminUsersQuery>>

export const adminUser = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  gender: z.enum(['male', 'female']),
  birthdate: z.string(),
  zipCode: z.string().nullable(),
  // Null: no DUPR rating yet ('Self-rated' with the self rating).
  duprRating: z.number().nullable(),
  selfRating: z.number(),
  isAdmin: z.boolean(),
  isPaused: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type AdminUser = z.infer<typeof adminUser>

export const adminUsersPage = z.object({
  items: z.array(adminUser),
  // As for PlayDates: counting stops past the page, `totalCapped` then says there are more.
  total: z.number(),
  totalCapped: z.boolean(),
  page: z.number(),
  pageSize: z.number(),
})
export type AdminUsersPage = z.infer<typeof adminUsersPage>

export const auditEntry = z.object({
  id: z.string(),
  action: z.string(),
  actorName: z.string().nullable(),
  createdAt: z.string(),
})
export type AuditEntry = z.infer<typeof auditEntry>

export const adminUserDetail = adminUser.extend({
  friends: z.array(
    z.object({
      id: z.string(),
      firstName: z.string(),
      lastName: z.string(),
      duprRating: z.number().nullable(),
      selfRating: z.number(),
    }),
  ),
  audit: z.array(auditEntry),
})
export type AdminUserDetail = z.infer<typeof adminUserDetail>

export const setAdminInput = z.object({ isAdmin: z.boolean({ error: 'isAdmin must be true or false' }) })
export const setPausedInput = z.object({ isPaused: z.boolean({ error: 'isPaused must be true or false' }) })

export const userSearchQuery = z.object({
  q: z.string().trim().min(2, 'Type at least 2 characters').max(100),
})
export const userSearchResult = z.object({ id: z.string(), firstName: z.string(), lastName: z.string() })

export const URL_CODE_MESSAGE =
  'URL code must be 3-50 characters and contain only letters, numbers, underscores, and hyphens'

// The generated codes are 7-digit numbers, and an invite is matched on either code: a URL code
// of 7 digits could be another code's number, so one string would open two codes.
export const URL_CODE_NUMBER_MESSAGE = 'A URL code cannot be a 7-digit number; those are the generated codes'

export const urlCodeInput = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{3,50}$/, URL_CODE_MESSAGE)
  .refine((value) => !/^[0-9]{7}$/.test(value), URL_CODE_NUMBER_MESSAGE)

export const createSignupCodeInput = z.object({
  urlCode: z
    .union([urlCodeInput, z.literal('').transform(() => undefined), z.null().transform(() => undefined)])
    .optional(),
  assignedToId: z.uuid().nullable().optional(),
})
export type CreateSignupCodeInput = z.input<typeof createSignupCodeInput>

export const signupCode = z.object({
  id: z.string(),
  code: z.string(),
  urlCode: z.string().nullable(),
  status: z.enum(['available', 'used']),
  usedBy: z.object({ id: z.string(), firstName: z.string(), lastName: z.string() }).nullable(),
  usedAt: z.string().nullable(),
  assignedTo: z.object({ id: z.string(), firstName: z.string(), lastName: z.string() }).nullable(),
  createdAt: z.string(),
})
export type SignupCode = z.infer<typeof signupCode>

// The codes list comes a page at a time, newest first; the page loads every page in turn.
export const SIGNUP_CODES_PAGE_SIZE = 100
export const signupCodesQuery = z.object({ cursor: z.string().max(200).optional() })
export const signupCodePage = z.object({
  items: z.array(signupCode),
  // Pass as `cursor` to get the next (older) codes; null on the last page.
  nextCursor: z.string().nullable(),
})
export type SignupCodePage = z.infer<typeof signupCodePage>

export const adminPlayDatesQuery = z.object({
  search,
  status: z.enum(['all', ...playDateStatuses]).default('all'),
  type: z.enum(['all', ...playDateTypes]).default('all'),
  state: z.enum(['all', ...stateCodes]).default('all'),
  sort: z
    .enum(['created_at', 'updated_at', 'payment_min', 'payment_max', 'type', 'status'])
    .default('created_at'),
  direction,
  page,
})
export type AdminPlayDatesQuery = Partial<z.output<typeof adminPlayDatesQuery>>
