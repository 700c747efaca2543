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
    '- Start with a direct answer in one or two sentences, then explain briefly. Keep it under 200 words.',
    '- Write plain text in short paragraphs. For several points use a list with one "- " item per line. Use **bold** only for key words.',
    includeRuleNumbers
      ? '- Cite the rule number in brackets after each rule you rely on, for example (9.A).'
      : '- Do not mention rule numbers or section numbers anywhere in the answer.',
    '- No headings, no tables, no HTML.',
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
