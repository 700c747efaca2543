import MiniSearch from 'minisearch'
import { stemmer } from 'stemmer'
import { type Rulebook, type RulebookSection, rulebook } from './referee.rulebook'

export const MAX_SECTIONS = 3
// A section far below the best match is noise for the answer, not context.
const MIN_RELATIVE_SCORE = 0.3

export const STOP_WORDS = new Set(
  (
    'a about after again all am an and any are as at be been before being but by can could did do does doing ' +
    'during for from had has have having he her here hers him his how i if in into is it its itself just me ' +
    'like might my myself no nor not now of off on once only or other our ours over own please same she should so ' +
    'some such than that the their them then there these they this those through to too under until up very ' +
    'was we were what when where which while who whom why will with would you your yours yourself'
  ).split(' '),
)

// The words players use, grouped with the rulebook's words for the same thing. A question that
// contains any phrase of a group is searched with every phrase of that group.
export const SYNONYM_GROUPS: readonly string[][] = [
  ['kitchen', 'non volley zone', 'nvz', 'non volley line'],
  ['a let', 'let serve', 'lets', 'net serve', 'replay'],
  ['dink', 'dinking', 'soft shot', 'bounced ball'],
  ['volley', 'volleying', 'out of the air', 'in the air'],
  ['drop serve', 'bounce the ball', 'bounce it', 'bounce serve'],
  ['two bounce', 'double bounce', 'bounce rule', 'return of serve'],
  ['foot fault', 'foot faults', 'stepping on the line'],
  ['timeout', 'timeouts', 'time out', 'time outs'],
  ['switch sides', 'change ends', 'switch ends', 'change sides'],
  ['racket', 'racquet', 'paddle'],
  ['line call', 'call the line', 'call lines', 'out call'],
  ['on the line', 'touches the line', 'lands on the line', 'in or out'],
  // A serve on the kitchen line is the one ball on a line that is not in (rule 6.B).
  ['kitchen line', 'non volley line', 'short serve', 'touches the line'],
  ['what is a', 'what is an', 'what does', 'meaning', 'mean', 'definition', 'define'],
  ['rally scoring', 'every rally'],
  ['who serves', 'serving order', 'service sequence', 'first server', 'second server'],
  ['hurt', 'injured', 'injury', 'medical'],
]

const normalise = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()

const tokenize = (text: string) => normalise(text).split(' ').filter(Boolean)

// A lone letter is what is left of "what's" or "player's", not a word.
const processTerm = (term: string) => {
  if (STOP_WORDS.has(term) || /^[a-z]$/.test(term)) return null
  return /^\d+$/.test(term) ? term : stemmer(term)
}

// The question plus the rulebook's words for any player's phrase in it, each word once so a
// synonym does not outweigh the rest of the question.
export function expandQuestion(question: string): string {
  const padded = ` ${normalise(question)} `
  const extra = SYNONYM_GROUPS.filter((group) =>
    group.some((phrase) => padded.includes(` ${phrase} `)),
  ).flat()
  return [...new Set(tokenize([question, ...extra].join(' ')))].join(' ')
}

interface IndexedSection {
  id: string
  title: string
  chapter: string
  keywords: string
  text: string
}

export function createRulebookIndex(book: Rulebook) {
  const index = new MiniSearch<IndexedSection>({
    fields: ['title', 'chapter', 'keywords', 'text'],
    tokenize,
    processTerm,
    searchOptions: {
      boost: { title: 2, keywords: 2, chapter: 1.5, text: 1 },
      // Forgive a typo in longer words only; short words would match too much.
      fuzzy: (term) => (term.length >= 6 ? 0.2 : false),
      combineWith: 'OR',
    },
  })
  index.addAll(
    book.sections.map((s) => ({
      id: s.id,
      title: s.title,
      chapter: s.chapter,
      keywords: s.keywords.join(' '),
      text: s.rules.map((r) => r.text).join(' '),
    })),
  )
  const byId = new Map(book.sections.map((s) => [s.id, s]))

  // The sections that best answer a question, best first: at most three, possibly none.
  return function searchRulebook(question: string, limit = MAX_SECTIONS): RulebookSection[] {
    const results = index.search(expandQuestion(question))
    const best = results[0]?.score ?? 0
    return results
      .filter((r) => r.score >= best * MIN_RELATIVE_SCORE)
      .slice(0, limit)
      .map((r) => byId.get(r.id as string))
      .filter((s): s is RulebookSection => s !== undefined)
  }
}

export const searchRulebook = createRulebookIndex(rulebook)

// The words of a text as the index compares them (stemmed, no stop words).
const termsOf = (text: string) => new Set(tokenize(text).flatMap((word) => processTerm(word) ?? []))

// Splits a rule's text into sentences (a full stop, question or exclamation mark, then a space
// and a capital or a digit), keeping "e.g." and rule numbers such as "9.A" whole.
export function sentencesOf(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+(?=[A-Z0-9"(])/)
    .map((s) => s.trim())
    .filter(Boolean)
}

// Words nearly every rule uses: sharing one says little about what a question asks. "The best
// paddle for a 3.5 player" is about paddles, not about a ball that hits a player.
const GENERIC = termsOf('player players ball play game point side team')
const GENERIC_WEIGHT = 0.25

// The sentence of the best sections that shares the most words with the question (its expanded
// words, as the search reads them; the generic ones count a quarter), ties to the earlier one,
// with its rule number; with the sentence after it when it is short. Null when no section
// matched.
export function bestSentence(
  question: string,
  sections: RulebookSection[],
): { sentence: string; number: string } | null {
  const wanted = termsOf(expandQuestion(question))
  let best: { score: number; sentences: string[]; index: number; number: string } | null = null
  // The best section counts a little more: it is what the search found first.
  for (const [rank, section] of sections.entries()) {
    for (const rule of section.rules) {
      const sentences = sentencesOf(rule.text)
      for (const [index, sentence] of sentences.entries()) {
        let shared = 0
        for (const term of termsOf(sentence))
          if (wanted.has(term)) shared += GENERIC.has(term) ? GENERIC_WEIGHT : 1
        const score = shared + (rank === 0 ? 0.5 : 0)
        if (!best || score > best.score) best = { score, sentences, index, number: rule.number }
      }
    }
  }
  if (!best) return null
  const first = best.sentences[best.index]!
  const next = best.sentences[best.index + 1]
  return { sentence: first.length < 90 && next ? `${first} ${next}` : first, number: best.number }
}

// A short answer from the rulebook without a model: the best sentence alone.
export const shortAnswer = (question: string, sections: RulebookSection[]): string | null =>
  bestSentence(question, sections)?.sentence ?? null
