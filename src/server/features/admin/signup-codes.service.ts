import { randomInt } from 'node:crypto'
import { desc, eq, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { URL_CODE_MESSAGE, type SignupCode } from '../../../domain/admin/admin.schema'
import { AppError } from '../../../domain/errors'
import type { DbOrTx } from '../../db/client'
import { profiles, signupCodes } from '../../db/schema'
import { isUniqueViolation } from '../../lib/db-errors'

export const URL_CODE_TAKEN = 'This URL code is already in use'

// A random 7-digit code (1,000,000 to 9,999,999).
export const randomSignupCode = () => String(randomInt(1_000_000, 10_000_000))

interface NewCode {
  urlCode?: string | undefined
  assignedToId?: string | null | undefined
  createdById?: string | null | undefined
  inviteeEmail?: string | null | undefined
}

// Inserts a new unused code; a collision on the random code is retried with a new one.
export async function createSignupCode(db: DbOrTx, input: NewCode) {
  if (input.urlCode !== undefined && !/^[A-Za-z0-9_-]{3,50}$/.test(input.urlCode)) {
    throw new AppError('invalid', URL_CODE_MESSAGE, { urlCode: URL_CODE_MESSAGE })
  }
  if (input.assignedToId) {
    const [exists] = await db
      .select({ id: profiles.id })
      .from(profiles)
      .where(eq(profiles.id, input.assignedToId))
    if (!exists)
      throw new AppError('invalid', 'That user does not exist', { assignedToId: 'That user does not exist' })
  }
  if (input.urlCode) {
    const [taken] = await db
      .select({ id: signupCodes.id })
      .from(signupCodes)
      .where(sql`lower(${signupCodes.urlCode}) = lower(${input.urlCode})`)
    if (taken) throw new AppError('conflict', URL_CODE_TAKEN, { urlCode: URL_CODE_TAKEN })
  }
  for (let attempt = 0; ; attempt++) {
    try {
      // A savepoint per attempt keeps the caller's transaction usable after a collision.
      const [created] = await db.transaction(async (tx) =>
        tx
          .insert(signupCodes)
          .values({
            code: randomSignupCode(),
            urlCode: input.urlCode ?? null,
            assignedToId: input.assignedToId ?? null,
            createdById: input.createdById ?? null,
            inviteeEmail: input.inviteeEmail ?? null,
          })
          .returning(),
      )
      if (!created) throw new Error('insert returned nothing')
      return created
    } catch (error) {
      if (isUniqueViolation(error, 'signup_codes_url_code_key')) {
        throw new AppError('conflict', URL_CODE_TAKEN, { urlCode: URL_CODE_TAKEN })
      }
      if (isUniqueViolation(error) && attempt < 10) continue
      throw error
    }
  }
}

const usedBy = alias(profiles, 'used_by')
const assignedTo = alias(profiles, 'assigned_to')

export async function listSignupCodes(
  db: DbOrTx,
  options: { limit?: number; id?: string } = {},
): Promise<SignupCode[]> {
  const rows = await db
    .select({
      id: signupCodes.id,
      code: signupCodes.code,
      urlCode: signupCodes.urlCode,
      usedAt: signupCodes.usedAt,
      createdAt: signupCodes.createdAt,
      usedById: usedBy.id,
      usedByFirst: usedBy.firstName,
      usedByLast: usedBy.lastName,
      assignedId: assignedTo.id,
      assignedFirst: assignedTo.firstName,
      assignedLast: assignedTo.lastName,
    })
    .from(signupCodes)
    .leftJoin(usedBy, eq(usedBy.id, signupCodes.userId))
    .leftJoin(assignedTo, eq(assignedTo.id, signupCodes.assignedToId))
    .where(options.id ? eq(signupCodes.id, options.id) : undefined)
    .orderBy(desc(signupCodes.createdAt), desc(signupCodes.id))
    .limit(options.limit ?? 500)
  return rows.map((r) => ({
    id: r.id,
    code: r.code,
    urlCode: r.urlCode,
    status: r.usedAt ? 'used' : 'available',
    usedBy: r.usedById
      ? { id: r.usedById, firstName: r.usedByFirst ?? '', lastName: r.usedByLast ?? '' }
      : null,
    usedAt: r.usedAt?.toISOString() ?? null,
    assignedTo: r.assignedId
      ? { id: r.assignedId, firstName: r.assignedFirst ?? '', lastName: r.assignedLast ?? '' }
      : null,
    createdAt: r.createdAt.toISOString(),
  }))
}
