import { refereeMessages } from '../../../domain/referee/referee.rules'
import { type Match, matchQuestion } from './referee.match'
import { followUpAsRead, type Role } from './referee.followup'
import {
  canonical,
  isElliptical,
  type Sense,
  senseOf,
  settingOf,
  shapeOf,
  type Spoken,
  subjectsOf,
  turnsRound,
} from './referee.question'
import { withoutRuleNumbers } from './referee.curated'
import { ruleByNumber, ruleNumberAsked } from './referee.numbers'
import { type RulebookSection, rulebook, sectionsWith } from './referee.rulebook'
import { bestSentence, searchRulebook } from './referee.search'
import { faultOf, saidOf } from './referee.spoken'

// The referee's answer without a model: the curated answer found for the question
// (referee.match.ts), its first words ("Yes", "No", "7 feet") and the rulebook sections it cites
// (docs/decisions/0146).

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)
// "The net..." after "Yes: " reads "Yes: the net...", but "USA..." stays as it is.
const continuing = (text: string) =>
  /^[A-Z](?![A-Z])/.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text

const numbersIn = (text: string) => new Set(canonical(text).match(/\b\d+(\.\d+)?\b/g) ?? [])

// The score a question gives, "10 9" for "its 10-9", if any.
const scoreIn = (text: string) => /\b\d{1,2} \d{1,2}\b/.exec(canonical(text))?.[0]

// Number words as digits, for reading which numbers go together ("two time-outs" is 2).
const NUMBER_WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten']
const withDigits = (text: string) =>
  canonical(text).replace(/\b[a-z]+\b/g, (word) => {
    const at = NUMBER_WORDS.indexOf(word)
    return at === -1 ? word : String(at)
  })
// What a measure is counted in, where a number is followed by it.
const UNITS = new Set(['inch', 'inches', 'foot', 'feet', 'minute', 'minutes', 'second', 'seconds'])

// Whether the answer gives the question's number for a case of its own and another number for
// another case, so that the number alone cannot say yes or no: "is the net 36 inches in the
// middle" against "36 inches high at the sidelines and 34 inches at the centre" (the same measure
// twice), or "do we get 3 time-outs in a game to 11" against "two per game to 11 or 15, and three
// per game to 21" (the question's numbers in no one part of the answer together).
function givesOtherCases(question: string, answer: string): boolean {
  const asked = [...new Set(withDigits(question).match(/\b\d+\b/g) ?? [])]
  if (asked.length === 0) return false
  const words = withDigits(answer.replace(/[,;.:]/g, ' ')).split(/\s+/)
  const unitsOf = (number: string) =>
    new Set(
      words.flatMap((word, at) =>
        word === number && UNITS.has(words[at + 1] ?? '') ? [words[at + 1]!] : [],
      ),
    )
  // The words the question puts with its number ("20 feet wide"), when the answer does too.
  const told = new Set(
    withDigits(question)
      .split(/\s+/)
      .filter((word) => word.length >= 4 && !UNITS.has(word)),
  )
  const clauses = answer.split(/[,;.:]/).map((clause) => withDigits(clause).split(/\s+/))
  const namesCase = (number: string) =>
    clauses.some((clause) =>
      clause.some(
        (word, at) => word === number && clause.slice(at + 2, at + 5).some((next) => told.has(next)),
      ),
    )
  for (const number of asked) {
    if (namesCase(number)) continue
    for (const unit of unitsOf(number)) {
      const others = words.some(
        (word, at) => /^\d+$/.test(word) && !asked.includes(word) && words[at + 1] === unit,
      )
      if (others) return true
    }
  }
  if (asked.length < 2) return false
  const parts = answer
    .split(/[,;.:]|\band\b/)
    .map((part) => new Set(withDigits(part).match(/\b\d+\b/g) ?? []))
  const everyWhere = asked.every((number) => parts.some((part) => part.has(number)))
  return everyWhere && !parts.some((part) => asked.every((number) => part.has(number)))
}

// The first words of the answer: "Yes" or "No" for a yes/no question, else the number or
// choice the question asks for, when there is one. A yes or no given at another score is not this
// question's: "its 10 9 can we win with this point" is not "can you win 11 10 => no" (0226).
function opening(question: string, match: Match, shape: ReturnType<typeof shapeOf>, sense: Sense) {
  const { answer, closest } = match
  if (shape === 'yes-no') {
    const asked = numbersIn(question)
    if (givesOtherCases(question, `${answer.lead ?? ''}. ${answer.answer}`)) return answer.lead
    if (closest && closest.yes !== null) {
      const score = scoreIn(question)
      if (score !== undefined && scoreIn(closest.text) !== undefined && score !== scoreIn(closest.text))
        return answer.lead
      // Nor is "is a timeout 2 minutes" the question "is a timeout 1 minute => yes": with a number
      // the curated question names and this one does not, its yes or no holds only when the
      // answer names this one's numbers too ("games to 21" as well as 15); else the answer leads
      // with what it says.
      const named = (numbers: Set<string>, among: Set<string>) => [...numbers].every((n) => among.has(n))
      if (
        asked.size > 0 &&
        !named(numbersIn(closest.text), asked) &&
        !named(asked, numbersIn(`${answer.lead ?? ''} ${answer.answer}`))
      )
        return answer.lead
      return closest.yes !== turnsRound(sense, closest.sense) ? 'Yes' : 'No'
    }
    if (answer.lead && asked.size > 0) {
      const known = numbersIn(`${answer.lead} ${answer.answer}`)
      return [...asked].some((n) => known.has(n)) ? 'Yes' : 'No'
    }
  }
  return answer.lead
}

// Whether the closest curated question's yes or no says the act is a fault: "can I volley in the
// kitchen => no", "is volleying in the kitchen a fault => yes", and "volley with one foot in the
// kitchen => no", asked neither way round (0191).
const ALLOWED = senseOf('can i')
function isFault({ closest }: Match): boolean {
  if (!closest || closest.yes === null) return false
  return closest.yes === turnsRound(ALLOWED, closest.sense)
}

interface Reading {
  restated: Role | undefined
  other: Spoken | undefined
  shape: ReturnType<typeof shapeOf>
  confirming: boolean
}
// "What if she volleys it?", "what if it hits her?": the answer said of her, not of the player
// asking, and a fault of hers said to be her side's (0188).
// Only a yes/no question asks whether the act is allowed: "how long can my partner stay in the
// kitchen?" is answered of the partner, with no fault (0202).
function spoken(sentence: string, match: Match, reading: Reading): string {
  const { restated, other, shape, confirming } = reading
  if (restated === undefined || other === undefined) return sentence
  if (restated === 'acts' && shape === 'yes-no' && isFault(match))
    return capitalise(`${faultOf(other, confirming)}: ${continuing(saidOf(sentence, other, true))}`)
  return saidOf(sentence, other)
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
  return sectionsWith(rules)
    .sort(
      (a, b) => order(a) - order(b) || rules.indexOf(a.rules[0]!.number) - rules.indexOf(b.rules[0]!.number),
    )
    .slice(0, 3)
}

const CONDITIONAL_FOLLOW_UP = /^(what|how) (if|about)\b|^(and|but|even) if\b|^(and|but|or)\b/
// After the answer in a setting: the rules are the same there, or what is set for tournaments (an
// answer about tournaments says so itself).
const NOTES = {
  recreational: [refereeMessages.sameInRecreational, refereeMessages.tournamentsOnly],
  league: [refereeMessages.sameInLeague, refereeMessages.leagueAsTournaments],
  tournament: [refereeMessages.sameInTournament, undefined],
} as const

// The answer without a model. With an earlier question, a follow-up such as "what if my partner
// is in the kitchen?" is read in its light, and answered the way the earlier one was asked.
// Topics the rulebook has no rule on, read as one word each (referee.phrases.ts): no rule about
// something else answers them, not even as the closest one (docs/decisions/0208).
const UNCOVERED = /\b(aroundpost|hinder|distraction|teamtalk|overnet)\b/

export function answerOffline(
  question: string,
  options: { earlier?: string | undefined; includeRuleNumbers: boolean },
): OfflineAnswer {
  const { earlier, includeRuleNumbers } = options
  if (UNCOVERED.test(canonical(question)))
    return { summary: refereeMessages.noRule, sections: [], curated: null }
  // "What does rule 9.C say?": the rule itself, its number said back whatever the setting, since the
  // player asked by it; a number the rulebook does not have is a rule it does not cover (0216).
  const number = ruleNumberAsked(question)
  if (number !== undefined) {
    const rule = ruleByNumber(number)
    if (!rule) return { summary: refereeMessages.noRule, sections: [], curated: null }
    return { summary: rule.text, sections: rule.sections, curated: null }
  }
  const reading = followUpAsRead(question, earlier)
  const { asked, context } = reading
  let { restated, other } = reading
  const leans = context !== undefined
  const cite = (text: string) => (includeRuleNumbers ? text : withoutRuleNumbers(text))
  // "What about my partner?" after "Can I stand anywhere when I serve?" is asked as "can my partner
  // stand anywhere when I serve?" (0198).
  let shape = shapeOf(reading.question ?? question)
  let sense = senseOf(reading.question ?? question)
  // "What if my partner is in the kitchen?" after "Can I volley...?" asks "Can I volley if...?";
  // "what if she volleys it?" asks whether she may, but "what if it hits her?" is not asked that way.
  // Asked first, "what if my partner volleys in the kitchen?" asks whether the partner may.
  let askedFirst = false
  if (
    (leans || restated === 'acts') &&
    shape === 'open' &&
    (CONDITIONAL_FOLLOW_UP.test(canonical(question)) || isElliptical(question)) &&
    (earlier === undefined || shapeOf(earlier) === 'yes-no')
  ) {
    shape = 'yes-no'
    sense = earlier === undefined ? ALLOWED : senseOf(earlier)
    askedFirst = earlier === undefined
  }
  const both = leans ? `${asked} ${context}` : restated ? asked : question
  const match = matchQuestion(question, earlier, sense)
  // "What if he was standing out of bounds?" after "the ball hit my partner": still the ball hitting
  // the partner, the answer said of them as it was (0216).
  if (match && leans && restated === undefined) {
    const before = followUpAsRead(earlier!, undefined)
    const about = before.other
    if (
      before.restated === 'undergoes' &&
      about !== undefined &&
      [...subjectsOf(asked)].every((s) => s === about) &&
      matchQuestion(earlier!)?.answer.id === match.answer.id
    ) {
      restated = 'undergoes'
      other = about
    }
  }
  if (match) {
    // "And in rec play?", "in league play?": the same answer, and why. A rule set for tournaments
    // says nothing of recreational play, so neither Yes nor No; league play is organised play, and
    // keeps it (0185, 0188).
    const setting = leans ? settingOf(question) : undefined
    const forTournaments = setting !== undefined && /\btournament/i.test(match.answer.answer)
    const opened =
      forTournaments && setting === 'recreational' ? undefined : opening(question, match, shape, sense)
    // ... but the player did not ask whether they may: a fault is said to be theirs ("No: that is
    // your partner's fault"), and an act that is no fault ("what if my partner touches the net after
    // the ball is dead?") gets its rule with no "Yes" to be read as "yes, a fault" (docs/decisions/0220).
    const first = askedFirst && opened === 'Yes' ? undefined : opened
    const confirming = first === 'Yes'
    const sentence = spoken(cite(match.answer.answer), match, { restated, other, shape, confirming })
    // "A coin toss: a coin toss or..." says it twice.
    const said = first !== undefined && sentence.toLowerCase().startsWith(first.toLowerCase())
    const answer = first && !said ? `${capitalise(first)}: ${continuing(sentence)}` : sentence
    const note = setting ? NOTES[setting][forTournaments ? 1 : 0] : undefined
    const summary = note ? `${answer} ${note}` : answer
    return { summary, sections: sectionsCiting(match.answer.rules, both), curated: match.answer.id }
  }
  const sections = searchRulebook(both)
  // A follow-up no curated answer fits gets the rule sentence nearest to it and the question before.
  const closest = bestSentence(both, sections)
  if (!closest) return { summary: refereeMessages.noRule, sections: [], curated: null }
  const rule = includeRuleNumbers ? ` (${closest.number})` : ''
  return {
    summary: `${refereeMessages.closestRule}${continuing(closest.sentence.replace(/\.$/, ''))}${rule}.`,
    sections,
    curated: null,
  }
}
