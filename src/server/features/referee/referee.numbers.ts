import { type RulebookSection, sectionsWith } from './referee.rulebook'

// A question for a rule by its number, and nothing else: "what is rule 7.I", "what does 9.C say",
// "rule 10b2?" (docs/decisions/0216). The number as the rulebook writes it ("10.B.2"), or undefined
// when the question asks something more or names no rule number.
const NUMBERED =
  /\b(?:rules?|section|sec)\s*#?\s*(\d{1,2})(?:\s*\.?\s*([a-z])(?:\s*\.?\s*(\d{1,2}))?)?\b|\b(\d{1,2})\.([a-z])(?:\.(\d{1,2}))?\b/i
const ASKING_ONLY = new Set(
  (
    'what whats is does do say says said mean means meaning rule rules section sec about the a of in ' +
    'pickleball explain tell me us please number no there read look up quote text full whole'
  ).split(' '),
)
export function ruleNumberAsked(question: string): string | undefined {
  const found = NUMBERED.exec(question)
  if (!found) return undefined
  const rest = `${question.slice(0, found.index)} ${question.slice(found.index + found[0].length)}`
    .toLowerCase()
    .replace(/[’'`]/g, '')
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
  if (!rest.every((word) => ASKING_ONLY.has(word))) return undefined
  const [chapter, letter, item] = found[1] === undefined ? found.slice(4, 7) : found.slice(1, 4)
  return [chapter, letter?.toUpperCase(), item].filter(Boolean).join('.')
}

// A rule whose text leans on the one before it in its section ("That fault stands ...", "The one
// exception is ..."), and so does not make sense alone (docs/decisions/0216, Continued).
const LEANS_ON_BEFORE = /^(?:that|this|these|those|it|the one exception|the exception)\b/i

// The rulebook's text for a rule number, and the sections holding it (at most three); undefined
// when the rulebook has no rule of that number. A rule whose text leans on the rule before it
// comes after that rule's text, each with its number: "... (9.B). That fault stands ... (9.C)."
export function ruleByNumber(number: string): { text: string; sections: RulebookSection[] } | undefined {
  const sections = sectionsWith([number])
  if (sections.length === 0) return undefined
  const texts = sections.flatMap((s) =>
    s.rules.flatMap((r, i) => {
      if (r.number !== number) return []
      const own = `${r.text.replace(/\.$/, '')} (${number}).`
      const before = s.rules[i - 1]
      if (!LEANS_ON_BEFORE.test(r.text) || before === undefined || before.number === number) return [own]
      return [`${before.text.replace(/\.$/, '')} (${before.number}).`, own]
    }),
  )
  return { text: texts.join(' '), sections: sections.slice(0, 3) }
}
