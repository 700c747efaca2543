import { z } from 'zod'

export const QUESTION_MAX_LENGTH = 1000
export const HISTORY_MAX_TURNS = 20
export const TURN_MAX_LENGTH = 4000

export const refereeMessages = {
  questionRequired: 'Please enter a question',
  questionTooLong: `Please keep your question under ${QUESTION_MAX_LENGTH} characters`,
  historyTooLong: `Only the last ${HISTORY_MAX_TURNS} messages of a conversation can be sent`,
  timeout: 'The response took too long. Please try again.',
  notConfigured: 'AI service is not properly configured. Please contact support.',
  tooManyRequests: 'Too many requests. Please wait a moment and try again.',
  network: 'Network error. Please check your connection and try again.',
  invalidResponse: 'Received an invalid response. Please try again.',
  unprocessable: 'Failed to process the response. Please try again.',
  failedPrefix: 'Failed to get response: ',
  unexpected: 'An unexpected error occurred. Please try again.',
  apology: "I apologize, but I'm having trouble right now. Please try again in a moment.",
  rulebookHeading: 'From the rulebook (no AI model is configured):',
  noSectionFound:
    "No section of the rulebook matches this question. Try the players' words for it, for example 'kitchen', 'serve', 'line call' or 'time-out'.",
} as const

export const chatTurn = z.object({
  role: z.enum(['user', 'assistant']),
  text: z.string().max(TURN_MAX_LENGTH, `Each message must be under ${TURN_MAX_LENGTH} characters`),
})
export type ChatTurn = z.infer<typeof chatTurn>

export const askInput = z.object({
  question: z
    .string({ error: refereeMessages.questionRequired })
    .trim()
    .min(1, refereeMessages.questionRequired)
    .max(QUESTION_MAX_LENGTH, refereeMessages.questionTooLong),
  history: z.array(chatTurn).max(HISTORY_MAX_TURNS, refereeMessages.historyTooLong).default([]),
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
  sections: z.array(citedSection),
})
export type AskOutput = z.infer<typeof askOutput>

// The browser keeps the whole conversation; only the most recent turns go to the server.
export const recentHistory = (turns: ChatTurn[]): ChatTurn[] => {
  const recent = turns.slice(-HISTORY_MAX_TURNS)
  const firstQuestion = recent.findIndex((turn) => turn.role === 'user')
  if (firstQuestion === -1) return []
  return recent
    .slice(firstQuestion)
    .map((turn) => ({ role: turn.role, text: turn.text.slice(0, TURN_MAX_LENGTH) }))
}
