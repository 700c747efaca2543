import { randomInt } from 'node:crypto'
import { and, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm'
import { AppError } from '../../../domain/errors'
import { inviteLink } from '../../../domain/partner-lists/partner-list.rules'
import {
  INVALID_OR_EXPIRED_INVITE,
  INVITE_ONLY_MANUAL,
  type InviteInput,
  type InviteOutput,
  type InviteValidation,
  invitationSentMessage,
  NO_EMAIL_FOR_PARTNER,
} from '../../../domain/partner-lists/partner-list.schema'
import type { SessionUser } from '../../../domain/profiles/profile.schema'
import type { Db, DbOrTx } from '../../db/client'
import { partnerListEntries, profiles, signupCodes } from '../../db/schema'
import type { Mailer } from '../../lib/mail'
import { createSignupCode, findUnusedCode } from '../signup-codes'
import { invitationEmail } from './partner-lists.emails'
import { findEntry, lockOwnedList, toEntry } from './partner-lists.service'

export interface InviteContext {
  mailer: Mailer
  productName: string
  // Absolute origin the link points at, e.g. https://picklematch.example
  baseUrl: string
}

// Lowercase letters and digits without look-alikes: easy to read aloud, about 80 bits.
const URL_CODE_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789'
export const randomUrlCode = (length = 16) =>
  Array.from({ length }, () => URL_CODE_ALPHABET[randomInt(URL_CODE_ALPHABET.length)]).join('')

// The unused code this player already sent to this address, if any: a resend repeats the same
// link, so one invitee never holds several live codes from one inviter.
async function findLiveInvitation(db: DbOrTx, inviterId: string, email: string) {
  const [found] = await db
    .select()
    .from(signupCodes)
    .where(
      and(
        eq(signupCodes.createdById, inviterId),
        eq(signupCodes.inviteeEmail, email),
        isNotNull(signupCodes.urlCode),
        isNull(signupCodes.userId),
        isNull(signupCodes.usedAt),
      ),
    )
    .orderBy(desc(signupCodes.createdAt))
    .limit(1)
  return found
}

// Whether the invitee already made an account with one of this player's invitations to that
// address. The inviter knows it already (their code was used), so saying so reveals nothing;
// another code would only be a live code for someone who needs none.
async function joinedWithInvitation(db: DbOrTx, inviterId: string, email: string) {
  const [found] = await db
    .select({ id: signupCodes.id })
    .from(signupCodes)
    .innerJoin(profiles, eq(profiles.id, signupCodes.userId))
    .where(
      and(
        eq(signupCodes.createdById, inviterId),
        eq(signupCodes.inviteeEmail, email),
        eq(profiles.email, email),
      ),
    )
    .limit(1)
  return found !== undefined
}

// Sends (or sends again) an invitation to a manual entry, with an unused signup code in the
// link. The email given is saved on the entry.
export async function invitePartner(
  db: Db,
  user: SessionUser,
  listId: string,
  entryId: string,
  input: InviteInput,
  ctx: InviteContext,
): Promise<InviteOutput> {
  const { entry, code } = await db.transaction(async (tx) => {
    await lockOwnedList(tx, user.id, listId)
    const found = await findEntry(tx, listId, entryId)
    if (found.platformUserId !== null) throw new AppError('conflict', INVITE_ONLY_MANUAL)
    const email = input.email ?? found.email
    if (!email) throw new AppError('invalid', NO_EMAIL_FOR_PARTNER, { email: NO_EMAIL_FOR_PARTNER })
    if (await joinedWithInvitation(tx, user.id, email)) throw new AppError('conflict', INVITE_ONLY_MANUAL)
    const created =
      (await findLiveInvitation(tx, user.id, email)) ??
      (await createSignupCode(tx, { urlCode: randomUrlCode(), createdById: user.id, inviteeEmail: email }))
    const [updated] = await tx
      .update(partnerListEntries)
      .set({ email, invitedAt: sql`now()` })
      .where(eq(partnerListEntries.id, found.id))
      .returning()
    if (!updated) throw new Error('entry update returned nothing')
    return { entry: updated, code: created }
  })

  const email = entry.email ?? ''
  const urlCode = code.urlCode ?? code.code
  await ctx.mailer.send(
    invitationEmail({
      productName: ctx.productName,
      inviterName: `${user.firstName} ${user.lastName}`,
      inviteeFirstName: entry.firstName,
      to: email,
      link: inviteLink(ctx.baseUrl, urlCode, {
        firstName: entry.firstName,
        lastName: entry.lastName,
        email,
      }),
    }),
  )
  return {
    code: code.code,
    urlCode,
    success: true,
    message: invitationSentMessage(email),
    // Only a manual entry is invited: it has no face of its own.
    entry: toEntry(entry, null),
  }
}

// An invitation link is good while its code is unused: matched on the 7-digit code, or on the
// URL code without regard to case (as sign-up does).
export async function validateInviteCode(db: DbOrTx, given: string): Promise<InviteValidation> {
  const found = await findUnusedCode(db, given)
  if (!found) throw new AppError('not_found', INVALID_OR_EXPIRED_INVITE)
  return { valid: true, code: found.code }
}
