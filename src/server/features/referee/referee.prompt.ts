import { type ChatTurn, refereeMessages } from '../../../domain/referee/referee.rules'
import type { CitedSection } from '../../../domain/referee/referee.schema'
import type { LlmRequest } from '../../lib/llm'
import { type RulebookSection, rulebook, ruleNumbersOf } from './referee.rulebook'

export const citeSection = (section: RulebookSection, includeRuleNumbers: boolean): CitedSection => ({
  id: section.id,
  chapter: section.chapter,
  title: section.title,
  ruleNumbers: includeRuleNumbers ? ruleNumbersOf(section) : [],
})

// One section as the model and the reader see it: a bold heading, then one line per rule,
// numbered unless the player switched rule numbers off.
export function formatSection(section: RulebookSection, includeRuleNumbers: boolean): string {
  const heading = `**${section.chapter}: ${section.title}**`
  const lines = section.rules.map((rule) =>
    includeRuleNumbers ? `- **${rule.number}** ${rule.text}` : `- ${rule.text}`,
  )
  return [heading, ...lines].join('\n')
}

// The answer when no model is configured: the sections themselves, labelled as excerpts.
export function formatRulebookAnswer(sections: RulebookSection[], includeRuleNumbers: boolean): string {
  const body =
    sections.length > 0
      ? sections.map((section) => formatSection(section, includeRuleNumbers)).join('\n\n')
      : refereeMessages.noSectionFound
  return `${refereeMessages.rulebookHeading}\n\n${body}`
}

export function buildSystemInstruction(productName: string): string {
  return [
    `You are the AI Referee of ${productName}, an app for pickleball players.`,
    'You answer questions about the rules of pickleball clearly and kindly, like an experienced referee talking to a recreational player.',
    'Base your answer on the rulebook sections given with each question. If they do not cover the question, say so, then answer from your knowledge of the official USA Pickleball rules and say that this part is not from the rulebook.',
    'If a question is not about pickleball, politely say that you can only help with pickleball rules.',
  ].join(' ')
}

export function buildQuestionPrompt(
  question: string,
  sections: RulebookSection[],
  includeRuleNumbers: boolean,
) {
  const context =
    sections.length > 0
      ? sections.map((section) => formatSection(section, includeRuleNumbers)).join('\n\n')
      : 'No rulebook section matches this question.'
  const formatting = [
    '- The first words answer the question. If it can be answered yes or no, start with "Yes:" or "No:". If it asks for a number, start with the number and its unit, for example "7 feet:" or "1 minute:".',
    '- Then state the rule in one plain sentence. Add at most two short sentences, only if the player needs them. Keep it under 80 words.',
    '- If the player\'s question follows on from an earlier one ("what if...", "and..."), read it in the light of that question.',
    '- Write plain text. Use **bold** only for key words. No headings, no tables, no HTML.',
    includeRuleNumbers
      ? '- Cite the rule number in brackets after each rule you rely on, for example (9.A). Cite only rule numbers that appear in the rulebook sections above.'
      : '- Do not mention rule numbers or section numbers anywhere in the answer.',
  ].join('\n')
  return [
    `Rulebook sections (our summary of the USA Pickleball rules, ${rulebook.edition} edition):`,
    context,
    `Question: ${question}`,
    `How to answer:\n${formatting}`,
  ].join('\n\n')
}

export function buildRefereeRequest(options: {
  productName: string
  question: string
  history: ChatTurn[]
  sections: RulebookSection[]
  includeRuleNumbers: boolean
}): LlmRequest {
  return {
    system: buildSystemInstruction(options.productName),
    history: options.history,
    prompt: buildQuestionPrompt(options.question, options.sections, options.includeRuleNumbers),
  }
}

// Rule numbers as a model writes them: "9.A", "4.A.4", or "rule 4" (a bare "(4)" may be a list
// marker, so it is not taken for one).
const NUMBER = String.raw`(?:\d{1,2}\.[A-Z](?:\.\d{1,2})?|(?<=\brules? )\d{1,2})\b`
const MODEL_CITATION = new RegExp(NUMBER, 'g')
const BRACKETED = new RegExp(String.raw`\s*\((?:rules?\s+)?${NUMBER}(?:\s*(?:,|and|&)\s*${NUMBER})*\)`, 'gi')
const NAMED = new RegExp(
  String.raw`(?:,\s*|\s+(?:and|see)\s+)?\brules?\s+\d{1,2}(?:\.[A-Z](?:\.\d{1,2})?)?`,
  'gi',
)

export type CheckedAnswer = { ok: true; answer: string } | { ok: false; unknown: string[] }

// A model's answer may cite only the rules it was given. With rule numbers off, any it cites are
// taken out; with them on, one it was not given refuses the answer.
export function checkCitations(
  answer: string,
  sections: RulebookSection[],
  includeRuleNumbers: boolean,
): CheckedAnswer {
  if (!includeRuleNumbers)
    return { ok: true, answer: answer.replace(BRACKETED, '').replace(NAMED, '').replace(MODEL_CITATION, '') }
  const given = new Set(sections.flatMap(ruleNumbersOf))
  const unknown = [...new Set(answer.match(MODEL_CITATION) ?? [])].filter((number) => !given.has(number))
  return unknown.length > 0 ? { ok: false, unknown } : { ok: true, answer }
}
