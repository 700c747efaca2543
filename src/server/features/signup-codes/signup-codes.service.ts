import { randomInt } from 'node:crypto'
import { and, desc, eq, getTableColumns, isNull, or, sql, type SQLWrapper } from 'drizzle-orm'
import {
  SIGNUP_CODES_PAGE_SIZE,
  type SignupCode,
  type SignupCodePage,
  URL_CODE_MESSAGE,
  urlCodeInput,
} from '../../../domain/admin/admin.schema'
import { AppError } from '../../../domain/errors'
import type { DbOrTx } from '../../db/client'
import { profiles, signupCodes } from '../../db/schema'
import { isUniqueViolation } from '../../lib/db-errors'
import { decodeCursor, encodeCursor } from '../../lib/page-cursor'

export const URL_CODE_TAKEN = 'This URL code is already in use'

// A random 7-digit code (1,000,000 to 9,999,999).
export const randomSignupCode = () => String(randomInt(1_000_000, 10_000_000))

interface NewCode {
  urlCode?: string | undefined
  assignedToId?: string | null | undefined
  createdById?: string | null | undefined
  inviteeEmail?: string | null | undefined
}

// An unused code that matches what a visitor typed or followed: its 7-digit code, or its URL
// code in any letter case (spec 001, section 5). Sign-up and the invite page read it alike.
// A 7-digit URL code from before they were refused (decision 0055) equal to another code's
// number: the generated code comes first. `lock`: the row is locked for the caller's
// transaction, which spends it (sign-up).
export async function findUnusedCode(db: DbOrTx, given: string, options: { lock?: boolean } = {}) {
  const query = db
    .select({ id: signupCodes.id, code: signupCodes.code })
    .from(signupCodes)
    .where(
      and(
        or(eq(signupCodes.code, given), sql`lower(${signupCodes.urlCode}) = ${given.toLowerCase()}`),
        isNull(signupCodes.userId),
        isNull(signupCodes.usedAt),
      ),
    )
    .orderBy(sql`${signupCodes.code} = ${given} desc`)
    .limit(1)
  const [found] = options.lock ? await query.for('update') : await query
  return found
}

// Inserts a new unused code; a collision on the random code is retried with a new one.
export async function createSignupCode(db: DbOrTx, input: NewCode) {
  // The form's own rule (format, and never a 7-digit number), whoever calls.
  if (input.urlCode !== undefined) {
    const checked = urlCodeInput.safeParse(input.urlCode)
    if (!checked.success || checked.data !== input.urlCode) {
      const message = checked.error?.issues[0]?.message ?? URL_CODE_MESSAGE
      throw new AppError('invalid', message, { urlCode: message })
    }
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

// The newest codes first, then each code's players by primary key. Joined before the limit, or
// as plain joins (a generic plan assumes a tenth of the codes and hashes every profile), the
// players of far more codes than the page were read; a lateral join looks up each row's own.
// `after` continues after a page's last code (its exact time and id).
async function readSignupCodes(
  db: DbOrTx,
  options: { limit: number; id?: string; after?: [string, string] },
) {
  const newest = db
    .select({
      ...getTableColumns(signupCodes),
      cursorTime: sql<string>`${signupCodes.createdAt}::text`.as('cursor_time'),
    })
    .from(signupCodes)
    .where(
      options.id
        ? eq(signupCodes.id, options.id)
        : options.after
          ? sql`(${signupCodes.createdAt}, ${signupCodes.id}) < (${options.after[0]}::timestamptz, ${options.after[1]}::uuid)`
          : undefined,
    )
    .orderBy(desc(signupCodes.createdAt), desc(signupCodes.id))
    .limit(options.limit)
    .as('newest')
  const playerName = (name: 'used_by' | 'assigned_to', id: SQLWrapper) =>
    db
      .select({ id: profiles.id, firstName: profiles.firstName, lastName: profiles.lastName })
      .from(profiles)
      .where(eq(profiles.id, id))
      // A limit keeps PostgreSQL from pulling the subquery up into a plain join.
      .limit(1)
      .as(name)
  const usedBy = playerName('used_by', newest.userId)
  const assignedTo = playerName('assigned_to', newest.assignedToId)
  const rows = await db
    .select({
      id: newest.id,
      code: newest.code,
      urlCode: newest.urlCode,
      usedAt: newest.usedAt,
      createdAt: newest.createdAt,
      cursorTime: newest.cursorTime,
      usedById: usedBy.id,
      usedByFirst: usedBy.firstName,
      usedByLast: usedBy.lastName,
      assignedId: assignedTo.id,
      assignedFirst: assignedTo.firstName,
      assignedLast: assignedTo.lastName,
    })
    .from(newest)
    .leftJoinLateral(usedBy, sql`true`)
    .leftJoinLateral(assignedTo, sql`true`)
    .orderBy(desc(newest.createdAt), desc(newest.id))
  return rows.map((r) => ({
    cursorTime: r.cursorTime,
    view: {
      id: r.id,
      code: r.code,
      urlCode: r.urlCode,
      status: r.usedAt ? ('used' as const) : ('available' as const),
      usedBy: r.usedById
        ? { id: r.usedById, firstName: r.usedByFirst ?? '', lastName: r.usedByLast ?? '' }
        : null,
      usedAt: r.usedAt?.toISOString() ?? null,
      assignedTo: r.assignedId
        ? { id: r.assignedId, firstName: r.assignedFirst ?? '', lastName: r.assignedLast ?? '' }
        : null,
      createdAt: r.createdAt.toISOString(),
    },
  }))
}

// One page of the list, newest first, with the cursor of the next page.
export async function listSignupCodes(db: DbOrTx, cursor?: string): Promise<SignupCodePage> {
  const rows = await readSignupCodes(db, {
    limit: SIGNUP_CODES_PAGE_SIZE + 1,
    after: cursor ? decodeCursor(cursor) : undefined,
  })
  const page = rows.slice(0, SIGNUP_CODES_PAGE_SIZE)
  const last = page.at(-1)
  return {
    items: page.map((row) => row.view),
    nextCursor:
      rows.length > SIGNUP_CODES_PAGE_SIZE && last ? encodeCursor(last.cursorTime, last.view.id) : null,
  }
}

// One code as the list shows it.
export async function signupCodeView(db: DbOrTx, id: string): Promise<SignupCode | undefined> {
  const [row] = await readSignupCodes(db, { limit: 1, id })
  return row?.view
}
