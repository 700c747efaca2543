import { answerOffline } from './referee.answers'

// The referee's answer without a model, rule numbers shown, as the referee's tests read it: what
// the player reads first, and the curated answer it came from (null when none fitted).
export const firstAnswer = (question: string, earlier?: string) =>
  answerOffline(question, { earlier, includeRuleNumbers: true }).summary
export const curatedAnswer = (question: string, earlier?: string) =>
  answerOffline(question, { earlier, includeRuleNumbers: true }).curated
