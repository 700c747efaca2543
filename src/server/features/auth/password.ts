import { hash, verify } from '@node-rs/argon2'

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
