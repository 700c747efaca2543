// Limits and wording of the AI referee, shared by the form and the server. No zod here, so the
// chat page does not pull the schema library into its bundle.

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
  rulebookHeading: 'From the rulebook:',
  ruleText: 'The rule text',
  // The first answer, without a model, when no rule answers the question.
  noRule:
    'No rule in the rulebook covers that. I can answer questions about serving, the return and the two-bounce rule, the kitchen (non-volley zone), faults, scoring, line calls, time-outs, changing ends, and the court, net, ball and paddle.',
  closestRule: 'No rule answers that directly. The closest one says: ',
  // After the answer to a follow-up such as "and in rec play?" or "in league play?".
  sameInRecreational: 'The rules are the same in recreational play.',
  tournamentsOnly: 'The rulebook sets that for tournaments; it does not say what recreational play uses.',
  sameInLeague: 'The rules are the same in league play.',
  // After "in a tournament?" when the answer is not itself about tournaments.
  sameInTournament: 'The rules are the same in tournament play.',
  leagueAsTournaments:
    'League play is organised play: what the rulebook sets for tournaments applies there too, unless the league sets its own format.',
  noSectionFound:
    "No section of the rulebook matches this question. Try the players' words for it, for example 'kitchen', 'serve', 'line call' or 'time-out'.",
} as const

export interface ChatTurn {
  role: 'user' | 'assistant'
  text: string
  // On the referee's answers: the server's signature, and the answer's turn (the number of
  // answers before it), sent back with the conversation.
  signature?: string | undefined
  turn?: number | undefined
}

// The browser keeps the whole conversation; only the most recent turns go to the server.
export const recentHistory = (turns: ChatTurn[]): ChatTurn[] => {
  const recent = turns.slice(-HISTORY_MAX_TURNS)
  const firstQuestion = recent.findIndex((turn) => turn.role === 'user')
  if (firstQuestion === -1) return []
  return recent.slice(firstQuestion).map((turn) => ({
    role: turn.role,
    text: turn.text.slice(0, TURN_MAX_LENGTH),
    ...(turn.signature ? { signature: turn.signature } : {}),
    ...(turn.turn !== undefined ? { turn: turn.turn } : {}),
  }))
}
