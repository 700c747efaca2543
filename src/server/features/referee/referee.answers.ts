import MiniSearch from 'minisearch'
import { refereeMessages } from '../../../domain/referee/referee.rules'
import { stemmer } from 'stemmer'
import { z } from 'zod'
import answersData from './answers.json'
import {
  canonical,
  earlierAsRead,
  isFollowUp,
  type Sense,
  senseOf,
  shapeOf,
  subjectsOf,
  turnsRound,
  withoutSubjects,
} from './referee.question'
import { type RulebookSection, rulebook, ruleNumbersOf } from './referee.rulebook'
import { bestSentence, searchRulebook, STOP_WORDS } from './referee.search'

// The referee's answers without a model: curated answers to the questions players ask, found by
// the way they are asked (docs/decisions/0146).

const curatedSchema = z.object({
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

interface Ask {
  id: string
  answer: CuratedAnswer
  text: string
  yes: boolean | null
  sense: Sense
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

const curatedAnswers = loadCuratedAnswers(answersData)
const asksData = curatedSchema.parse(answersData).answers

// Every question is about pickleball, and the words that say which way it asks (allowed, legal,
// out) are read by senseOf, not matched: "is a ball on the sideline out" is about lines.
const QUESTION_ONLY = new Set(
  (
    'pickleball allowed legal illegal ok okay fine good count counts legit permitted out want ever still really ' +
    'just get gets got getting go goes going went make makes made take takes taking know think say said happen ' +
    'happens happened right yes exactly way thing things something anything guys guy person people also even ' +
    'else actually basically literally bro dude lol pls thanks whether supposed'
  ).split(' '),
)
const ignored = (word: string) => STOP_WORDS.has(word) || QUESTION_ONLY.has(word)
const processTerm = (term: string) => (/^[\d.]+$/.test(term) ? term : stemmer(term))
// Words that are not matched are left out here, not in processTerm: the search counts a
// question's length in the words it is given, and "can I volley while standing in the kitchen"
// is no longer a question than "volley standing on the kitchen line".
const tokenize = (text: string) => text.split(' ').filter((word) => word !== '' && !ignored(word))
const termsOf = (text: string) => tokenize(canonical(text)).map(processTerm)

// Each way of asking is a document of the search, and so is each answer's own sentence: a
// question in words the curated questions do not use may still be in the answer's.
const asks: Ask[] = asksData.flatMap((data, index) => {
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
const askById = new Map(asks.map((ask) => [ask.id, ask]))

// An answer's sentence is written for reading, not asking: its words count less.
const index = new MiniSearch<{ id: string; ask: string; answer: string }>({
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
const documentFrequency = new Map<string, number>()
for (const ask of asks)
  for (const term of new Set(termsOf(ask.text)))
    documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1)
const idf = (df: number) => Math.log(1 + asks.length / df)
const rarest = idf(1)
const rulebookTerms = new Set(
  rulebook.sections.flatMap((s) =>
    termsOf([s.title, ...s.keywords, ...s.rules.map((r) => r.text)].join(' ')),
  ),
)
// "define" stands for "what is a...": it finds definitions, it is not what the question is about;
// but the word it asks about is, known or not.
const DEFINE = processTerm('define')
const weightOf = (term: string, defining = false) => {
  if (term === DEFINE) return 0
  const df = documentFrequency.get(term)
  if (df) return idf(df)
  // A number no curated question uses is a value asked about ("is the kitchen 8 feet?"), not a topic.
  if (/^\d/.test(term)) return rarest / 8
  return rulebookTerms.has(term) || defining ? rarest : rarest / 2
}

// Below this share of the question's weight found in one curated question, no curated answer
// is taken to answer it.
export const MIN_COVERAGE = 0.6
// A follow-up's own words count this much more than its earlier question's.
const EARLIER_BOOST = 2
// ... and the earlier question's own answer counts this much more.
const SAME_TOPIC = 1.5

interface Scored {
  answer: CuratedAnswer
  score: number
  coverage: number
  asks: Map<string, number>
  // The question's words found in any of the answer's curated questions.
  held: Set<string>
}

const UNION_SHARE = 0.9

// Each curated answer's best score for a question, and the share of the question's weight its
// closest curated question holds. With an earlier question (a follow-up), the search is for both,
// the follow-up's own words counting double.
export function scoreAnswers(question: string, earlier?: string): Map<string, Scored> {
  const terms = [...new Set(termsOf(question))]
  const defining = terms.includes(DEFINE)
  const weight = (term: string) => weightOf(term, defining)
  // A follow-up's words for whom it asks about count where an answer holds them and are not missed
  // where it does not: the earlier question's topic may answer it for anyone ("what about my
  // opponent?" after a kitchen question).
  const naming = earlier !== undefined && subjectsOf(question).size > 0
  const needed = new Set(naming ? termsOf(withoutSubjects(question)) : terms)
  const neededWeight = [...needed].reduce((sum, term) => sum + weight(term), 0)
  const shareOf = (held: Iterable<string>) => {
    let found = 0
    let whole = neededWeight
    for (const term of held) {
      found += weight(term)
      if (!needed.has(term)) whole += weight(term)
    }
    return whole === 0 ? 1 : found / whole
  }
  const byAnswer = new Map<string, Scored>()
  if (neededWeight === 0 && !naming) return byAnswer
  const own = new Set(terms)
  const query = earlier === undefined ? canonical(question) : `${canonical(question)} ${canonical(earlier)}`
  const results = index.search(query, {
    boostTerm: (term) => (earlier !== undefined && own.has(term) ? EARLIER_BOOST : 1),
  })
  for (const result of results) {
    const ask = askById.get(result.id as string)!
    // The query terms this curated question holds, fuzzy matches included.
    const matched = new Set(result.queryTerms)
    const coverage = shareOf(terms.filter((t) => matched.has(t)))
    const entry = byAnswer.get(ask.answer.id) ?? {
      answer: ask.answer,
      score: 0,
      coverage: 0,
      asks: new Map(),
      held: new Set<string>(),
    }
    entry.score = Math.max(entry.score, result.score)
    entry.coverage = Math.max(entry.coverage, coverage)
    entry.asks.set(ask.id, result.score)
    for (const term of terms) if (matched.has(term)) entry.held.add(term)
    byAnswer.set(ask.answer.id, entry)
  }
  // Words spread over several ways of asking one thing count too, a little less.
  for (const entry of byAnswer.values()) {
    entry.coverage = Math.max(entry.coverage, UNION_SHARE * shareOf(entry.held))
  }
  return byAnswer
}

export interface Match {
  answer: CuratedAnswer
  coverage: number
  // The curated question closest to the player's, among those with a yes or no.
  closest: Ask | undefined
}

// The curated answer for a question, with the earlier question of the conversation when this
// one leans on it; undefined when none answers it.
export function matchQuestion(
  question: string,
  earlier?: string,
  sense: Sense = senseOf(question),
): Match | undefined {
  const context = earlier !== undefined && isFollowUp(question) ? earlierAsRead(question, earlier) : undefined
  const leans = context !== undefined
  const scores = scoreAnswers(question, context)
  // A follow-up needs fewer words of its own: the earlier question carries the topic.
  const needed = leans ? MIN_COVERAGE * 0.75 : MIN_COVERAGE
  // A follow-up stays on the earlier question's topic unless its own words lead elsewhere.
  const topic = leans ? matchQuestion(context)?.answer.id : undefined
  const weigh = (entry: Scored) => entry.score * (entry.answer.id === topic ? SAME_TOPIC : 1)
  let best: { entry: Scored } | undefined
  for (const entry of scores.values())
    if (entry.coverage >= needed && (!best || weigh(entry) > weigh(best.entry))) best = { entry }
  if (!best) return undefined
  // The yes or no comes from the closest curated question asked the same way round, if any.
  const { frame } = sense
  const tier = (ask: Ask) => (ask.sense.frame === frame ? 0 : ask.sense.frame === 0 ? 1 : 2)
  const verdicts = [...best.entry.asks.entries()]
    .map(([id, score]) => ({ ask: askById.get(id)!, score }))
    .filter(({ ask }) => ask.yes !== null)
    .sort((a, b) => tier(a.ask) - tier(b.ask) || b.score - a.score)
  const closest = verdicts[0]?.ask ?? asks.find((ask) => ask.answer === best.entry.answer && ask.yes !== null)
  return { answer: best.entry.answer, coverage: best.entry.coverage, closest }
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)
// "The net..." after "Yes: " reads "Yes: the net...", but "USA..." stays as it is.
const continuing = (text: string) =>
  /^[A-Z](?![A-Z])/.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text

const numbersIn = (text: string) => new Set(canonical(text).match(/\b\d+(\.\d+)?\b/g) ?? [])

// The first words of the answer: "Yes" or "No" for a yes/no question, else the number or
// choice the question asks for, when there is one.
function opening(question: string, match: Match, shape: ReturnType<typeof shapeOf>, sense: Sense) {
  const { answer, closest } = match
  if (shape === 'yes-no') {
    if (closest && closest.yes !== null)
      return closest.yes !== turnsRound(sense, closest.sense) ? 'Yes' : 'No'
    const asked = numbersIn(question)
    if (answer.lead && asked.size > 0) {
      const known = numbersIn(`${answer.lead} ${answer.answer}`)
      return [...asked].some((n) => known.has(n)) ? 'Yes' : 'No'
    }
  }
  return answer.lead
}

export interface OfflineAnswer {
  // What the player reads first: the answer in a sentence or two.
  summary: string
  // The rulebook sections behind it, best first (at most three); empty when none matched.
  sections: RulebookSection[]
  // The curated answer used, if any.
  curated: string | null
}

const sectionsCiting = (rules: string[], question: string): RulebookSection[] => {
  const ranked = searchRulebook(question, rulebook.sections.length)
  const order = (s: RulebookSection) => {
    const at = ranked.indexOf(s)
    return at === -1 ? ranked.length : at
  }
  return rulebook.sections
    .filter((section) => section.rules.some((rule) => rules.includes(rule.number)))
    .sort(
      (a, b) => order(a) - order(b) || rules.indexOf(a.rules[0]!.number) - rules.indexOf(b.rules[0]!.number),
    )
    .slice(0, 3)
}

const CONDITIONAL_FOLLOW_UP = /^(what|how) (if|about)\b|^(and|but|even) if\b|^(and|but|or)\b/

// The answer without a model. With an earlier question, a follow-up such as "what if my partner
// is in the kitchen?" is read in its light, and answered the way the earlier one was asked.
export function answerOffline(
  question: string,
  options: { earlier?: string | undefined; includeRuleNumbers: boolean },
): OfflineAnswer {
  const { earlier, includeRuleNumbers } = options
  const leans = earlier !== undefined && isFollowUp(question)
  const cite = (text: string) => (includeRuleNumbers ? text : withoutRuleNumbers(text))
  let shape = shapeOf(question)
  let sense = senseOf(question)
  // "What if my partner is in the kitchen?" after "Can I volley...?" asks "Can I volley if...?".
  if (
    leans &&
    shape === 'open' &&
    CONDITIONAL_FOLLOW_UP.test(canonical(question)) &&
    shapeOf(earlier) === 'yes-no'
  ) {
    shape = 'yes-no'
    sense = senseOf(earlier)
  }
  const match = matchQuestion(question, earlier, sense)
  if (match) {
    const first = opening(question, match, shape, sense)
    const sentence = cite(match.answer.answer)
    // "A coin toss: a coin toss or..." says it twice.
    const said = first !== undefined && sentence.toLowerCase().startsWith(first.toLowerCase())
    const summary = first && !said ? `${capitalise(first)}: ${continuing(sentence)}` : sentence
    const context = leans ? `${question} ${earlierAsRead(question, earlier)}` : question
    return { summary, sections: sectionsCiting(match.answer.rules, context), curated: match.answer.id }
  }
  const sections = searchRulebook(leans ? `${question} ${earlierAsRead(question, earlier)}` : question)
  const closest = bestSentence(question, sections)
  if (!closest) return { summary: refereeMessages.noRule, sections: [], curated: null }
  const rule = includeRuleNumbers ? ` (${closest.number})` : ''
  return {
    summary: `${refereeMessages.closestRule}${continuing(closest.sentence.replace(/\.$/, ''))}${rule}.`,
    sections,
    curated: null,
  }
}
