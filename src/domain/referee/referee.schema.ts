import { z } from 'zod'
import { HISTORY_MAX_TURNS, QUESTION_MAX_LENGTH, refereeMessages, TURN_MAX_LENGTH } from './referee.rules'

export const chatTurn = z.object({
  role: z.enum(['user', 'assistant']),
  text: z.string().max(TURN_MAX_LENGTH, `Each message must be under ${TURN_MAX_LENGTH} characters`),
  // The signature the server gave an answer; an answer without a valid one is left out.
  signature: z.string().max(100).optional(),
  // The answer's turn, as the server gave it with the signature.
  turn: z.number().int().min(0).max(1_000_000).optional(),
})

export const askInput = z.object({
  question: z
    .string({ error: refereeMessages.questionRequired })
    .trim()
    .min(1, refereeMessages.questionRequired)
    .max(QUESTION_MAX_LENGTH, refereeMessages.questionTooLong),
  // A turn with no words says nothing, and the model's service refuses a conversation with one
  // (which reached the player as 'Failed to get response'): it is left out.
  history: z
    .array(chatTurn)
    .max(HISTORY_MAX_TURNS, refereeMessages.historyTooLong)
    .default([])
    .transform((turns) => turns.filter((turn) => turn.text.trim() !== '')),
  includeRuleNumbers: z.boolean().default(true),
})
export type AskInput = z.infer<typeof askInput>

// answer: from the model; rulebook: excerpts, no model configured; apology: the model's reply was unusable.
export const answerKinds = ['answer', 'rulebook', 'apology'] as const

export const citedSection = z.object({
  id: z.string(),
  chapter: z.string(),
  title: z.string(),
  // Empty when rule numbers are switched off.
  ruleNumbers: z.array(z.string()),
})
export type CitedSection = z.infer<typeof citedSection>

export const askOutput = z.object({
  kind: z.enum(answerKinds),
  answer: z.string(),
  // On a rulebook answer: one or two sentences that answer the question, shown first (the answer
  // holds the rule text, folded below it). Null otherwise.
  summary: z.string().nullable(),
  sections: z.array(citedSection),
  // Send both back with the answer in `history`: only answers signed for their question and
  // their turn count as the referee's.
  signature: z.string(),
  turn: z.number().int().min(0),
})
export type AskOutput = z.infer<typeof askOutput>
