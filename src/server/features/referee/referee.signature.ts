import { createHmac, timingSafeEqual } from 'node:crypto'
import type { ChatTurn } from '../../../domain/referee/referee.rules'

// The conversation comes back from the browser with each question. An answer in it counts only
// if the referee gave it to this player, to the question just before it, at its place in the
// conversation: each answer is signed (HMAC-SHA256, the instance's referee key) over the
// player's id, its turn (the number of answers before it), the question and the answer, and a
// turn whose signature does not hold is left out, so a caller cannot put words in the referee's
// mouth, nor move a real answer to another question or another place (docs/decisions/0083,
// 0142).
export interface AnswerFields {
  playerId: string
  turn: number
  question: string
  answer: string
}

export function signAnswer(key: Buffer, fields: AnswerFields): string {
  return createHmac('sha256', key)
    .update(JSON.stringify([fields.playerId, fields.turn, fields.question, fields.answer]))
    .digest('base64url')
}

export function isSignedAnswer(key: Buffer, fields: AnswerFields, signature: string | undefined) {
  if (!signature) return false
  const expected = Buffer.from(signAnswer(key, fields))
  const given = Buffer.from(signature)
  return given.length === expected.length && timingSafeEqual(given, expected)
}

// The player's own questions, and the answers the referee really gave them: each right after its
// question, and each answer's turn one more than the answer kept before it. `nextTurn` is the
// turn of the answer to the question being asked.
export function trustedHistory(
  key: Buffer,
  playerId: string,
  turns: ChatTurn[],
): { turns: ChatTurn[]; nextTurn: number } {
  const kept: ChatTurn[] = []
  let lastTurn: number | undefined
  turns.forEach((turn, index) => {
    if (turn.role === 'user') {
      kept.push(turn)
      return
    }
    const question = turns[index - 1]
    if (question?.role !== 'user' || turn.turn === undefined) return
    if (lastTurn !== undefined && turn.turn !== lastTurn + 1) return
    const fields = { playerId, turn: turn.turn, question: question.text, answer: turn.text }
    if (!isSignedAnswer(key, fields, turn.signature)) return
    kept.push(turn)
    lastTurn = turn.turn
  })
  return { turns: kept, nextTurn: lastTurn === undefined ? 0 : lastTurn + 1 }
}
