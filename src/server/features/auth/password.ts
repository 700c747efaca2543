import { hash, verify } from '@node-rs/argon2'
import { dictionary } from '@zxcvbn-ts/language-common'
import { COMMON_PASSWORD_MESSAGE } from '../../../domain/auth/auth.schema'
import { AppError } from '../../../domain/errors'

// Algorithm.Argon2id of @node-rs/argon2 (a const enum, not importable under verbatimModuleSyntax).
const ARGON2ID = 2

// OWASP password storage cheat sheet: argon2id, 19 MiB memory, 2 iterations, 1 lane.
const options = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 }

export const hashPassword = (password: string) => hash(password, options)

export async function verifyPassword(storedHash: string, password: string) {
  try {
    return await verify(storedHash, password)
  } catch {
    return false
  }
}

// ASVS 6.2.4, 6.2.12: about 49,000 of the most common and most leaked passwords, shipped with the
// app (zxcvbn-ts's list; docs/decisions/0074), compared without letter case. Checked on the
// server only: the list would weigh on the page.
let commonPasswords: Set<string> | undefined
const isCommonPassword = (password: string) =>
  (commonPasswords ??= new Set(dictionary['passwords-common'])).has(password.toLowerCase())

// For a new password (sign-up, reset, change); `field` is the form field it came from.
export function requireUncommonPassword(password: string, field: string) {
  if (isCommonPassword(password)) {
    throw new AppError('invalid', COMMON_PASSWORD_MESSAGE, { [field]: COMMON_PASSWORD_MESSAGE })
  }
}
