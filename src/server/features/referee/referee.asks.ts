import MiniSearch from 'minisearch'
import { stemmer } from 'stemmer'
import answersData from './answers.json'
import { type CuratedAnswer, curatedSchema, loadCuratedAnswers, withoutRuleNumbers } from './referee.curated'
import { canonical, type Sense, senseOf } from './referee.question'
import { rulebook } from './referee.rulebook'
import { STOP_WORDS } from './referee.search'

// The curated questions as the matching searches them (referee.match.ts), and how much each word of
// a player's question weighs (docs/decisions/0146, 0184).

export interface Ask {
  id: string
  answer: CuratedAnswer
  text: string
  yes: boolean | null
  sense: Sense
}

export const curatedAnswers = loadCuratedAnswers(answersData)
const asksData = curatedSchema.parse(answersData).answers

// Every question is about pickleball, played by the same rules in recreational play ("rec play")
// and in league play, and the words that say which way it asks (allowed, legal, out) are read by
// senseOf, not matched: "is a ball on the sideline out" is about lines.
const QUESTION_ONLY = new Set(
  (
    'pickleball allowed legal illegal ok okay fine good count counts legit permitted out want ever still really ' +
    'just get gets got getting go goes going went make makes made take takes taking know think say said happen ' +
    'happens happened right yes exactly way thing things something anything guys guy person people also even ' +
    'else actually basically literally bro dude lol pls thanks whether supposed recreational league instead ' +
    'because cuz anyway'
  ).split(' '),
)
// "Before" and "after" say when, which a rule often turns on: stepping into the kitchen before the
// ball bounces (9.E) is not playing a ball that has bounced (9.F) (docs/decisions/0184).
const TIMING = new Set(['before', 'after'])
const ignored = (word: string) => (STOP_WORDS.has(word) && !TIMING.has(word)) || QUESTION_ONLY.has(word)
export const processTerm = (term: string) => (/^[\d.]+$/.test(term) ? term : stemmer(term))
// Words that are not matched are left out here, not in processTerm: the search counts a
// question's length in the words it is given, and "can I volley while standing in the kitchen"
// is no longer a question than "volley standing on the kitchen line".
const tokenize = (text: string) => text.split(' ').filter((word) => word !== '' && !ignored(word))
export const termsOf = (text: string) => tokenize(canonical(text)).map(processTerm)

// Each way of asking is a document of the search, and so is each answer's own sentence: a
// question in words the curated questions do not use may still be in the answer's.
export const asks: Ask[] = asksData.flatMap((data, index) => {
  const answer = curatedAnswers[index]!
  const ways = data.asks.map((text, i) => {
    const [question = '', verdict] = text.split(' => ')
    return {
      id: `${data.id}#${i}`,
      answer,
      yes: verdict === undefined ? null : verdict === 'yes',
      sense: senseOf(question),
      text: question,
    }
  })
  const own = [answer.lead ?? '', withoutRuleNumbers(answer.answer)].join(' ')
  return [...ways, { id: `${data.id}#answer`, answer, yes: null, sense: senseOf(own), text: own }]
})
export const askById = new Map(asks.map((ask) => [ask.id, ask]))

// An answer's sentence is written for reading, not asking: its words count less.
export const index = new MiniSearch<{ id: string; ask: string; answer: string }>({
  fields: ['ask', 'answer'],
  tokenize,
  processTerm,
  searchOptions: {
    boost: { ask: 1, answer: 0.4 },
    fuzzy: (term) => (term.length >= 5 ? 0.2 : false),
    combineWith: 'OR',
  },
})
index.addAll(
  asks.map((ask) => {
    const text = canonical(ask.text)
    return ask.id.endsWith('#answer')
      ? { id: ask.id, ask: '', answer: text }
      : { id: ask.id, ask: text, answer: '' }
  }),
)

// How much a word of a question says: rare words among the curated questions say more. A word
// the curated questions never use, but the rulebook does, is a topic they do not cover; one
// neither knows is most often a word of the story around the question, and counts less.
export const documentFrequency = new Map<string, number>()
for (const ask of asks)
  for (const term of new Set(termsOf(ask.text)))
    documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1)
const idf = (df: number) => Math.log(1 + asks.length / df)
const rarest = idf(1)
export const rulebookTerms = new Set(
  rulebook.sections.flatMap((s) =>
    termsOf([s.title, ...s.keywords, ...s.rules.map((r) => r.text)].join(' ')),
  ),
)
// "define" stands for "what is a...": it finds definitions, it is not what the question is about;
// but the word it asks about is, known or not.
export const DEFINE = processTerm('define')
export const weightOf = (term: string, defining = false) => {
  if (term === DEFINE) return 0
  const df = documentFrequency.get(term)
  if (df) return idf(df)
  // A number no curated question uses is a value asked about ("is the kitchen 8 feet?"), not a topic.
  if (/^\d/.test(term)) return rarest / 8
  return rulebookTerms.has(term) || defining ? rarest : rarest / 2
}

// The yes or no is about what the main clause asks, not the clause saying when: "can I spin the
// ball when I toss it for my serve?" asks about the spin ("can I spin the ball with my hand => no"),
// not the toss ("can I toss the ball up to serve => yes"). How much of the main clause's weight a
// curated question holds; nothing for a question with no such clause.
const CLAUSE = /^(.+?)\b(when|while|whenever|if|because|since)\b/
export function mainWeigher(question: string | undefined): (ask: Ask) => number {
  const found = question === undefined ? null : CLAUSE.exec(canonical(question))
  if (!found) return () => 0
  const main = new Set(termsOf(found[1]!))
  return (ask) =>
    [...new Set(termsOf(ask.text))].filter((t) => main.has(t)).reduce((sum, t) => sum + weightOf(t), 0)
}
