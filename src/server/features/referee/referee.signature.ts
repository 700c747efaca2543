import { createHmac, timingSafeEqual } from 'node:crypto'
import type { ChatTurn } from '../../../domain/referee/referee.rules'

// The conversation comes back from the browser with each question. An answer in it counts only
// if the referee gave it to this player: each answer is signed (HMAC-SHA256, the instance's
// referee key) with the player's id, and a turn whose signature does not hold is left out, so a
// caller cannot put words in the referee's mouth (docs/decisions/0083).
export function signAnswer(key: Buffer, playerId: string, answer: string): string {
  return createHmac('sha256', key).update(playerId).update('\n').update(answer).digest('base64url')
}

export function isSignedAnswer(key: Buffer, playerId: string, answer: string, signature: string | undefined) {
  if (!signature) return false
  const expected = Buffer.from(signAnswer(key, playerId, answer))
  const given = Buffer.from(signature)
  return given.length === expected.length && timingSafeEqual(given, expected)
}

// The player's own questions, and the answers the referee really gave them.
export const trustedHistory = (
  key: Buffer,
  playerId: string,
  turns: Array<ChatTurn & { signature?: string }>,
) => turns.filter((turn) => turn.role === 'user' || isSignedAnswer(key, playerId, turn.text, turn.signature))
