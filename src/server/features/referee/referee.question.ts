// How a player's question is put: the words players use brought to one form each
// (referee.phrases.ts), whether it wants a yes or a no, which way it asks (is it allowed, or is it
// a fault), and whether it leans on the question before it. No model: plain rules over the words (docs/decisions/0146).

import { canonical } from './referee.phrases'

export { canonical }

const AUXILIARIES = new Set(
  (
    'can could may might is are am was were do does did will would should shall must has have had ' +
    'cant isnt arent wasnt dont doesnt didnt wont wouldnt shouldnt couldnt hasnt havent'
  ).split(' '),
)
const QUESTION_WORDS = new Set('what how where who whom whose which why'.split(' '))
// Words that open a question without being part of it.
const LEAD_INS =
  /^((so|ok|okay|hey|hi|hello|quick question|question|and|but|also|well|ref|referee|please|then)\s+)+/
const POLITE =
  /^(can|could|would|will) you (tell|explain|let) (me|us)( know)?( about)?\s+|^(do|does) (anyone|you|somebody) know\s+|^(i want|i would like|i need) to know\s+|^(tell|explain to) (me|us)\s+|^i (was )?wonder(ing)?\s+|^is it true( that)?\s+/

// The last clause that asks something: a player often tells the story first ("My serve hit the
// line. Is it in?").
function askingClause(question: string): string {
  const clauses = question
    .split(/[.?!;,]+/)
    .map((clause) => canonical(clause))
    .filter(Boolean)
  return clauses.at(-1) ?? ''
}

function stripLeadIns(clause: string): string {
  let text = clause.replace(LEAD_INS, '')
  for (let i = 0; i < 3; i++) {
    const next = text.replace(POLITE, '').replace(LEAD_INS, '')
    if (next === text) break
    text = next
  }
  return text
}

const FRAME_WORDS =
  /\b(fault|faults|legal|illegal|allowed|ok|okay|fine|in|out|good|count|counts|legit|violation)$/

export type QuestionShape = 'yes-no' | 'choice' | 'open'

// A yes/no question typed after its story with no mark between them: "the serve is going out can i
// hit it", "the ball hit my partner do we lose the rally"; not "... where do i stand", "how long can i
// take" (0226).
const ASKED_AT_THE_END =
  /(?<!\b(what|how|where|who|whom|whose|which|why|when)( \w+)? )\b(can|could|may|should|must|do|does|did|am|are|will|would)( not)? (i|we|you|he|she|they)\b( \w+){0,6}$/

// Yes/no ("Can I...?", "... is that a fault?", "..., right?"), a choice ("in or out?"), or open
// ("How far...?", "What is...?").
export function shapeOf(question: string): QuestionShape {
  const tail = stripLeadIns(askingClause(question))
  if (/\b(in or out|out or in|good or out|in or not|fault or not)\b/.test(tail)) return 'choice'
  if (/^(right|correct|true|yes or no|is that right|is it|isnt it|right or wrong)$/.test(tail))
    return 'yes-no'
  const clause = tail
  const [first = '', second = ''] = clause.split(' ')
  // "What is a fault?" ("define fault") asks for a meaning, not whether something is a fault.
  if (QUESTION_WORDS.has(first) || first === 'define') return 'open'
  if (first === 'when' && AUXILIARIES.has(second)) return 'open'
  if (AUXILIARIES.has(first)) return 'yes-no'
  // "our fault if my partner touches the post?", "fault if I step in?" (0216).
  if (/^((a|our|my|their) )?fault (if|when)\b/.test(clause)) return 'yes-no'
  // "if my hat falls in the kitchen while volleying is it a fault": the question comes after
  // a condition.
  if (/^(if|when|after|while|say|suppose)\b/.test(clause)) {
    if (
      /\b(is|was|does|do|can|could|would|will|should|am|are)( not)? (it|that|this|i|we|you|they|he|she|my|the|a|there)\b/.test(
        clause,
      )
    )
      return 'yes-no'
  }
  // Typed with no mark between them, the story comes first and the question at its end: "serve hit
  // the net and went in is it a let", "i called it out after i hit it does that count".
  if (/\b(is|was|does|did|would|will|should)( not)? (it|that|this)( \w+){0,3}$/.test(clause)) return 'yes-no'
  // ... or asks what a point, a serve or the ball does: "its 10 10 does next point win", "my serve
  // hit the line does the point count"; "next point wins?" is said as a question (docs/decisions/0226).
  if (
    /\b(does|do|did|will|would|can|could|should)( not)? (the )?((next|this|that|last|my|our|their|a) )?(point|rally|serve|shot|ball|game)\b( \w+){0,4}$/.test(
      clause,
    ) ||
    /\b(next|this) (point|rally) wins?( (it|the game|the match))?$/.test(clause) ||
    ASKED_AT_THE_END.test(clause)
  )
    return 'yes-no'
  // ... or asks whether play goes on: "the ball clipped the net do we play on" (0208).
  if (
    /\b(do|does|should|can|must) (we|you|i|they) (play on|keep playing|replay|redo|continue)\b( \w+){0,2}$/.test(
      clause,
    )
  )
    return 'yes-no'
  if (FRAME_WORDS.test(tail) && tail.split(' ').length <= 2) return 'yes-no'
  // "... is that legal", "the ball hit my partner, our fault?" (docs/decisions/0215).
  // ... "our point, right?" (their fault) too (0216).
  if (/\b(legal|illegal|allowed|(a|our|my|your|their) fault)( right| correct)?$/.test(clause)) return 'yes-no'
  return 'open'
}

// Which way a yes/no question asks: frame +1 "is it allowed / in / good", -1 "is it a fault /
// out / illegal", 0 neither; negated when a "not" (or "must", the other way round from "may")
// turns it round. "Can't I...?" opens with a negative for emphasis only: it is answered like
// "Can I...?".
export interface Sense {
  frame: -1 | 0 | 1
  // An odd number of "not", "never", "without".
  negated: boolean
  // "Must I...?", "Do I have to...?": "is it a fault not to...?".
  obligation: boolean
  // Its words from pairs of opposites: "below" asks the other way round from "above".
  sides: string[]
  // Whether the side it asks is at fault ("our fault", "their fault", "do we lose the rally") is the
  // side of the player it is about: the player asking and their partner are one side, the opponents
  // the other. Undefined when it names no side, or no one player to hold it against.
  sameSide: boolean | undefined
}

const OPPOSITES: ReadonlyArray<readonly [string, string]> = [
  ['above', 'below'],
  ['overhand', 'underhand'],
  ['even', 'odd'],
  ['left', 'right'],
]
// "Can a paddle be too heavy?" asks whether a paddle can be not allowed for its weight.
const EXCESS = /\btoo (heavy|big|long|thick|wide|tall|light|small|short|high|low)\b/g
// "How long I can stay" tells what is asked about; it does not ask whether something may be done.
const EMBEDDED_MODAL = /\b(how \w+|what|where|when|who|which) ((i|you|we|they|he|she) )?(can|could|may)\b/g

const OBLIGATION = /\b(have to|has to|must|need to|needs to|required|supposed to|mandatory|obligated)\b/

const OUR_FAULT = /\b(our|my) fault\b|\b(we|i) (lose|lost)\b/
const THEIR_FAULT = /\btheir fault\b|\b(they|the opponents|my opponents?) (lose|lost)\b/
const FAULT_SIDE = new RegExp(`${OUR_FAULT.source}|${THEIR_FAULT.source}`, 'g')
function sameSideOf(body: string): boolean | undefined {
  const ours = OUR_FAULT.test(body)
  if (ours === THEIR_FAULT.test(body)) return undefined
  const rest = body.replace(FAULT_SIDE, ' ')
  const named = subjectsOf(rest)
  const us = named.has('asker') || named.has('partner') || /\b(we|us)\b/.test(rest)
  const them = named.has('opponent')
  return us === them ? undefined : ours === us
}

export function senseOf(question: string): Sense {
  const words = stripLeadIns(canonical(question.replace(/[,;.!?]+/g, ' '))).split(' ')
  const [opener = '', second = ''] = words
  const body = (AUXILIARIES.has(opener) && second === 'not' ? [opener, ...words.slice(2)] : words)
    .join(' ')
    .replace(EMBEDDED_MODAL, '$1')
  let frame: Sense['frame'] = 0
  let obligation = false
  if (
    /\b(fault|faults|faulted|illegal|violation|against the rules|penalty|foul|lose the (point|rally))\b/.test(
      body,
    )
  )
    frame = -1
  else if (OBLIGATION.test(body)) {
    frame = -1
    obligation = true
  } else if (
    /\b(can|could|may|allowed|allow|legal|ok|okay|fine|permitted|legit|count|counts|good)\b/.test(body)
  )
    frame = 1
  else if (/\bin$/.test(body)) frame = 1
  else if (/\bout\b(?! of)/.test(body)) frame = -1
  const negations = (body.match(/\b(not|never|without)\b/g) ?? []).length + (body.match(EXCESS) ?? []).length
  // "..., right?" and "is that right?" are tags, not a side; "from the right" is one.
  const told = canonical(
    question.replace(/(,|\bis that|\bam i|\bisn'?t it)\s*(right|correct)\W*$/i, ''),
  ).split(' ')
  const sides = OPPOSITES.flat().filter((side) => told.includes(side))
  return { frame, negated: negations % 2 === 1, obligation, sides, sameSide: sameSideOf(body) }
}

// How many pairs of opposites one question holds one side of and the other the other side.
const oppositesBetween = (a: Sense, b: Sense) =>
  OPPOSITES.filter(
    ([one, other]) =>
      (a.sides.includes(one) &&
        !a.sides.includes(other) &&
        b.sides.includes(other) &&
        !b.sides.includes(one)) ||
      (a.sides.includes(other) &&
        !a.sides.includes(one) &&
        b.sides.includes(one) &&
        !b.sides.includes(other)),
  ).length

// Whether a yes or no found for one way of asking turns round for another.
// "Must the paddle be below the wrist?" against "can the paddle be above the wrist => no": each
// pair of opposites between them turns it round once more.
// A fault asked of the other side than the curated question's turns it round too: "the ball hit my
// partner, is that their fault?" against "... is that our fault => yes". A curated question naming
// no side asks about the fault of the player it is about (docs/decisions/0216).
export function turnsRound(asked: Sense, known: Sense): boolean {
  const sign = (s: Sense) => s.frame * (s.negated !== s.obligation ? -1 : 1)
  const otherSide = asked.sameSide !== undefined && asked.sameSide !== (known.sameSide ?? true)
  const opposite = (oppositesBetween(asked, known) % 2 === 1) !== otherSide
  if (asked.frame !== 0 && known.frame !== 0) return (sign(asked) !== sign(known)) !== opposite
  return (asked.negated !== known.negated) !== opposite
}

// A few words that ask nothing of their own, only where or for whom: "in league play?", "for
// doubles?", "in a tournament?" (docs/decisions/0188).
// "And ...", "what about ..." before them ask nothing more: "what about in a tournament?" (0191).
const ELLIPSIS_LEAD = /^((and|but|or|so|also|then) )*((what|how) about )?/
// Read over the words as written: "during a game" says nothing to the matching and is dropped from
// the canonical form, but still says when (0191).
export function isElliptical(question: string): boolean {
  const written = question
    .toLowerCase()
    .replace(/[’'`]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
  const words = written.replace(ELLIPSIS_LEAD, '').split(' ')
  return (
    /^(in|for|during|at|on|with|without|under)$/.test(words[0] ?? '') &&
    words.length <= 5 &&
    !words.some((word) => AUXILIARIES.has(word) || QUESTION_WORDS.has(word))
  )
}

// A question that leans on the one before it: "what if my partner is in the kitchen?", "and
// for a game to 15?", "what about the serve?", "in league play?".
export function isFollowUp(question: string): boolean {
  const text = canonical(question)
  return (
    /^(what|how) (if|about)\b|^(and|but|or|also|same|even if|then|so what if|ok what if|what abt)\b|^(and|but) what\b/.test(
      text,
    ) ||
    /^(is|does|would|what about|and) (that|it|this) (still|also)?\b/.test(text) ||
    isElliptical(question)
  )
}

// Where a question says the game is played, when the rules are the same there: "and in rec play?",
// "in league games?" (0185, 0188).
export type Setting = 'recreational' | 'league' | 'tournament'
export function settingOf(question: string): Setting | undefined {
  const text = canonical(question)
  if (/\brecreational\b/.test(text)) return 'recreational'
  if (/\bleague\b/.test(text)) return 'league'
  if (/\btournaments?\b/.test(text)) return 'tournament'
  return undefined
}

// Whom a question is about: the player asking ("I", "me", "my feet", or "you" as players say it
// of themselves) or another player. Read over canonical text, the others first, so that "my
// partner" is the partner and not the asker. "He", "she", "they" point back at someone already
// named, so they name no one.
export type Subject = 'asker' | 'partner' | 'opponent' | 'receiver' | 'server'
// A player an answer is said of: any but the player asking, or one only a pronoun speaks of, no
// player named for it ("the ball hit his paddle hand": "that player") (docs/decisions/0223).
export type Spoken = Exclude<Subject, 'asker'> | 'player'
const player = (names: string) => new RegExp(`\\b((my|our|your|his|her|their|the) )?(${names})\\b`, 'g')
export const SUBJECTS: ReadonlyArray<readonly [Subject, RegExp]> = [
  ['partner', player('partners?')],
  ['opponent', player('opponents?|other team')],
  ['receiver', player('receivers?|returners?|receiving (team|side|player)')],
  // "The second server" is a place in the serving order, not a player asked about.
  ['server', player('(?<!\\b(first|second|1|2) )servers?|serving (team|side|player)')],
  ['asker', /\b(i|me|my|myself|mine|ive|you|youre|your|yourself)\b/g],
]

// The subjects a question names.
export function subjectsOf(text: string): Set<Subject> {
  let rest = canonical(text)
  const named = new Set<Subject>()
  for (const [subject, pattern] of SUBJECTS) {
    if (rest.search(pattern) === -1) continue
    named.add(subject)
    rest = rest.replace(pattern, ' ')
  }
  return named
}

// A question without its words for the subjects it names, except those to keep.
export function withoutSubjects(text: string, keep: ReadonlySet<Subject> = new Set()): string {
  let words = canonical(text)
  for (const [subject, pattern] of SUBJECTS) if (!keep.has(subject)) words = words.replace(pattern, ' ')
  return words.replace(/\s+/g, ' ').trim()
}
