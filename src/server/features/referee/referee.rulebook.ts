import { z } from 'zod'
import rulebookData from './rulebook.json'

const rule = z.object({
  number: z.string().regex(/^\d+(\.[A-Z](\.\d+)?)?$/, 'a rule number such as 9 or 9.A or 9.A.1'),
  text: z.string().min(10),
})

const section = z.object({
  id: z.string().regex(/^[a-z0-9-]+$/),
  chapter: z.string().min(1),
  title: z.string().min(1),
  keywords: z.array(z.string().min(1)),
  rules: z.array(rule).min(1),
})

export const rulebookSchema = z.object({
  edition: z.literal('2025'),
  title: z.string(),
  note: z.string(),
  sections: z
    .array(section)
    .min(1)
    .refine((list) => new Set(list.map((s) => s.id)).size === list.length, 'section ids are unique'),
})

export type Rulebook = z.infer<typeof rulebookSchema>
export type RulebookSection = z.infer<typeof section>

// The rulebook ships with the app; a malformed file stops the server at start-up, not mid-answer.
export const rulebook: Rulebook = rulebookSchema.parse(rulebookData)

// The distinct rule numbers a section cites, in rulebook order.
export function ruleNumbersOf(section: RulebookSection): string[] {
  return [...new Set(section.rules.map((r) => r.number))]
}

// The sections holding any of these rules, in rulebook order.
export const sectionsWith = (numbers: readonly string[]): RulebookSection[] =>
  rulebook.sections.filter((s) => s.rules.some((r) => numbers.includes(r.number)))
