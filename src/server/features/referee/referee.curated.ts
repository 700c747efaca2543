import { z } from 'zod'
import { rulebook, ruleNumbersOf } from './referee.rulebook'

// The curated answers' file: its shape, and the rule numbers each answer cites, checked against
// the rulebook at start-up (docs/decisions/0146).

export const curatedSchema = z.object({
  about: z.string(),
  answers: z
    .array(
      z.object({
        id: z.string().regex(/^[a-z0-9-]+$/),
        // What a question for a number or a choice hears first: "7 feet", "In".
        lead: z.string().min(1).optional(),
        // One plain sentence citing its rules in brackets: "... (9.A), ... (9.B)."
        answer: z.string().min(10),
        // Ways players ask it; "... => yes" or "... => no" is a yes/no question and its answer.
        asks: z.array(z.string().min(3)).min(1),
      }),
    )
    .refine((list) => new Set(list.map((a) => a.id)).size === list.length, 'answer ids are unique'),
})

export const RULE = /\d+(?:\.[A-Z](?:\.\d+)?)?/
const CITATION = new RegExp(`\\s*\\((${RULE.source}(?:, ${RULE.source})*)\\)`, 'g')

// The rule numbers a text cites in brackets, in order, each once.
export function citedRules(text: string): string[] {
  const numbers = [...text.matchAll(CITATION)].flatMap((m) => m[1]!.split(', '))
  return [...new Set(numbers)]
}

export const withoutRuleNumbers = (text: string) => text.replace(CITATION, '')

export interface CuratedAnswer {
  id: string
  lead: string | undefined
  answer: string
  rules: string[]
}

const knownRules = new Set(rulebook.sections.flatMap(ruleNumbersOf))

export function loadCuratedAnswers(data: unknown): CuratedAnswer[] {
  return curatedSchema.parse(data).answers.map((a) => {
    const rules = citedRules(a.answer)
    const unknown = rules.filter((rule) => !knownRules.has(rule))
    if (rules.length === 0 || unknown.length > 0)
      throw new Error(`curated answer ${a.id} must cite rules of the rulebook (${unknown.join(', ')})`)
    return { id: a.id, lead: a.lead, answer: a.answer, rules }
  })
}
