import {
  type Ask,
  askById,
  asks,
  curatedAnswers,
  DEFINE,
  documentFrequency,
  index,
  mainWeigher,
  processTerm,
  rulebookTerms,
  termsOf,
  weightOf,
} from './referee.asks'
import type { CuratedAnswer } from './referee.curated'
import { followUpAsRead, metIn, volleyAsRead } from './referee.followup'
import {
  canonical,
  isElliptical,
  type Sense,
  type Subject,
  senseOf,
  shapeOf,
  subjectsOf,
  withoutSubjects,
} from './referee.question'
import { rulebook, sectionsWith } from './referee.rulebook'

// Which curated answer answers a question, without a model: curated answers to the questions
// players ask, found by the way they are asked (docs/decisions/0146).

// Where a follow-up's word leads (0183). The curated questions ask about it, and the answers
// citing the earlier topic's chapter of the rulebook (its neighbours: 9.B and 9.F beside 9.H) do
// not: it leads elsewhere, as "kitchen" does after a question about time-outs. A word no curated
// question asks about ("tournament") or one the neighbours use ("smash", a shot, after a kitchen
// question) leads nowhere in particular; a word neither the curated answers nor the rulebook know
// ("windy") cannot be judged.
const askedTerms = new Set(
  asks.filter((ask) => !ask.id.endsWith('#answer')).flatMap((ask) => termsOf(ask.text)),
)
// The chapters of the rulebook each curated answer cites.
const chaptersOf = new Map(
  curatedAnswers.map((answer) => [answer.id, new Set(sectionsWith(answer.rules).map((s) => s.chapter))]),
)
const isNear = (id: string, topic: string) =>
  [...chaptersOf.get(id)!].some((c) => chaptersOf.get(topic)!.has(c))
const neighbourTerms = new Map(
  curatedAnswers.map((answer) => {
    const chapters = chaptersOf.get(answer.id)!
    const sections = rulebook.sections.filter((s) => chapters.has(s.chapter))
    const near = new Set(sections.flatMap((s) => s.rules.map((r) => r.number)))
    const neighbours = asks.filter((ask) => ask.answer.rules.some((rule) => near.has(rule)))
    return [answer.id, new Set(neighbours.flatMap((ask) => termsOf(ask.text)))]
  }),
)
const askedTermsOf = new Map(
  curatedAnswers.map((answer) => [
    answer.id,
    new Set(
      asks
        .filter((ask) => ask.answer === answer && !ask.id.endsWith('#answer'))
        .flatMap((ask) => termsOf(ask.text)),
    ),
  ]),
)
const BOUNCE_TERM = processTerm('bounce')
// A kind of shot ("a smash", "a lob": "shot") is said of every hit and no rule turns on it: after a
// yes/no question, "what if it's a smash?" asks whether the same rule holds (0185).
const SHOT_TERM = processTerm('shot')
// A lob is a shot by name (0208): "what if it's a lob?" asks the same.
const LOB_TERM = processTerm('lob')
const leadsAway = (term: string, topic: string) =>
  askedTerms.has(term) && !neighbourTerms.get(topic)!.has(term)
// A dink is a kind of shot too, but one the kitchen's rules speak of: it keeps an earlier answer
// from elsewhere ("what if it's a dink?" after "can I volley the return?": 7.A) and, after a
// kitchen question, goes to the kitchen's answer for dinks (9.F, 9.A) (0188).
const DINK_TERM = processTerm('dink')
const keepsTopic = (term: string, topic: string) =>
  term === SHOT_TERM || term === LOB_TERM || (term === DINK_TERM && leadsAway(term, topic))
const isKnown = (term: string) => documentFrequency.has(term) || rulebookTerms.has(term) || /^\d/.test(term)

// Below this share of the question's weight found in one curated question, no curated answer
// is taken to answer it.
export const MIN_COVERAGE = 0.6
// A follow-up's own words count this much more than its earlier question's.
const EARLIER_BOOST = 2
// ... its words for whom it asks about, this much more.
const NAME_BOOST = 1.5
// ... and the earlier question's own answer counts this much more.
const SAME_TOPIC = 1.5

// A first question naming another player is about them too: "can I volley when the other team is
// standing in the kitchen?" asks about the opponents (kitchen-opponents), not only the player's
// own place (kitchen-volley). An answer none of whose questions names them counts this much.
const OTHER_PLAYERS = new Set(termsOf('partner opponent receiver server'))
const PLAYER_MISSED = 0.9

// A tournament is where a question is asked about. When no curated answer holds it with the rest of
// the question, it is a detail of a question that asks something else: "what do you play to in a
// tournament?" asks for the game length, but "how many games in a tournament?" finds the match
// length, which speaks of tournaments. Unless it is all the question asks ("and in a
// tournament?") (docs/decisions/0188). So is a lob, a shot like any other: "is it a fault to lob from
// the kitchen?" asks about the kitchen, "is a lob legal?" about the lob (0208).
const SETTINGS = new Set([...termsOf('tournament'), LOB_TERM])

interface Scored {
  answer: CuratedAnswer
  score: number
  coverage: number
  asks: Map<string, number>
  // For a follow-up, the weight of its own words each curated question holds.
  own: Map<string, number>
  // The question's words found in any of the answer's curated questions.
  held: Set<string>
  // The question's words that count towards coverage and that none of them holds.
  lacking: string[]
  // For a follow-up, the earlier question's words they hold, and their weight.
  heldEarlier: Set<string>
  earlier: number
}

const UNION_SHARE = 0.9

// Each curated answer's best score for a question, and the share of the question's weight its
// closest curated question holds. With an earlier question (a follow-up), the search is for both,
// the follow-up's own words counting double.
export function scoreAnswers(
  question: string,
  earlier?: string,
  settingAside = false,
  unweighed: ReadonlySet<string> = new Set(),
): Map<string, Scored> {
  // A follow-up's words for whom it asks about count where an answer holds them and are not missed
  // where it does not: the earlier question's topic may answer it for anyone ("what about my
  // opponent?" after a kitchen question). Words for a player the earlier question names too ("what
  // if she is only on the line?", she being the partner) are its subject, not the follow-up's.
  const named = earlier === undefined ? new Set<Subject>() : subjectsOf(question)
  const naming = named.size > 0
  const before = naming ? subjectsOf(earlier!) : new Set<Subject>()
  const fresh = new Set([...named].filter((subject) => !before.has(subject)))
  const terms = [...new Set(termsOf(naming ? withoutSubjects(question, fresh) : question))]
  const defining = terms.includes(DEFINE)
  const weight = (term: string) => weightOf(term, defining)
  const asked = naming ? termsOf(withoutSubjects(question)) : terms
  const unset = asked.filter((term) => !SETTINGS.has(term))
  const needed = new Set(settingAside && unset.some((term) => weight(term) > 0) ? unset : asked)
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
  // A follow-up's words for whom it asks about say whom, not what: they count less than its other
  // words, so that the earlier question's topic still weighs against an answer that only names them.
  const own = new Set(naming ? termsOf(withoutSubjects(question)) : terms)
  const boost = (term: string) => (own.has(term) ? EARLIER_BOOST : terms.includes(term) ? NAME_BOOST : 1)
  const earlierTerms = earlier === undefined ? [] : [...new Set(termsOf(earlier))]
  const query = earlier === undefined ? canonical(question) : `${canonical(question)} ${canonical(earlier)}`
  const results = index.search(query, {
    boostTerm: (term) => (earlier === undefined ? 1 : boost(term)),
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
      own: new Map(),
      held: new Set<string>(),
      lacking: [],
      heldEarlier: new Set<string>(),
      earlier: 0,
    }
    entry.score = Math.max(entry.score, result.score)
    entry.coverage = Math.max(entry.coverage, coverage)
    entry.asks.set(ask.id, result.score)
    if (earlier !== undefined)
      entry.own.set(
        ask.id,
        terms.filter((t) => matched.has(t) && !unweighed.has(t)).reduce((sum, t) => sum + weight(t), 0),
      )
    for (const term of terms) if (matched.has(term)) entry.held.add(term)
    for (const term of earlierTerms) if (matched.has(term)) entry.heldEarlier.add(term)
    byAnswer.set(ask.answer.id, entry)
  }
  // Words spread over several ways of asking one thing count too, a little less.
  for (const entry of byAnswer.values()) {
    entry.coverage = Math.max(entry.coverage, UNION_SHARE * shareOf(entry.held))
    entry.lacking = [...needed].filter((term) => !entry.held.has(term))
    entry.earlier = [...entry.heldEarlier].reduce((sum, term) => sum + weight(term), 0)
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
  const { asked, context: read } = followUpAsRead(question, earlier)
  const leans = read !== undefined
  let context = read
  let topic = leans ? matchQuestion(read)?.answer.id : undefined
  // "What if it bounces first?" after a volley question is about a ball that bounced, "what if it's
  // a dink?" about a ball that may have, unless the earlier answer is itself about letting it
  // bounce (the two-bounce rule): it answers them (0185, 0188).
  const unvolleyed = leans ? volleyAsRead(asked, read) : undefined
  if (unvolleyed !== undefined && topic !== undefined && !askedTermsOf.get(topic)!.has(BOUNCE_TERM)) {
    context = unvolleyed
    topic = matchQuestion(context)?.answer.id
  }
  // A follow-up with no words of its own ("and in rec play?") asks the earlier question again.
  if (leans && termsOf(asked).length === 0) return matchQuestion(context!, undefined, sense)
  // A follow-up needs fewer words of its own: the earlier question carries the topic.
  const needed = leans ? MIN_COVERAGE * 0.75 : MIN_COVERAGE
  const fits = (entry: Scored) => entry.coverage >= needed
  // The verb of a thing met says only that it is met ("hits", "touches" the net): the yes or no
  // comes from the curated question about that thing asked the same way round.
  const meeting = leans ? metIn(asked) : undefined
  const met = new Set(meeting ? termsOf(meeting.thing) : [])
  const unweighed = new Set(meeting ? termsOf(meeting.verb) : [])
  let scores = scoreAnswers(asked, context, false, unweighed)
  // Set aside when no answer fits with it, or when those that fit only do for want of the question's
  // other words, and one fits all of these without it: "is it a fault to lob from the kitchen?" is
  // about the kitchen however close the lob's own answer comes (docs/decisions/0216).
  if (termsOf(asked).some((t) => SETTINGS.has(t))) {
    const fitting = [...scores.values()].filter(fits)
    const aside = () => scoreAnswers(asked, context, true, unweighed)
    if (fitting.length === 0) scores = aside()
    else if (fitting.every((entry) => entry.lacking.some((t) => !SETTINGS.has(t)))) {
      const without = aside()
      if ([...without.values()].some((entry) => fits(entry) && entry.lacking.length === 0)) scores = without
    }
  }
  // A follow-up stays on the earlier question's topic unless its own words lead elsewhere (0183).
  // After a yes/no question, a detail the topic does not mention ("what if it's a smash?", "and in
  // a tournament?" after a question about volleying with the partner in the kitchen) asks whether
  // the same rule holds: the topic answers it, unless an answer holding the detail holds the
  // earlier question as well ("what if it bounces first?" after "can I volley while standing in
  // the kitchen?": 9.F). A word leading elsewhere, a word nobody knows ("and if it's windy?"), or a
  // question for a value ("and in a tournament?" after "what do you play to?") leaves it to the
  // answers that hold the follow-up's words, or to the rule sentence nearest to both.
  const weigh = (entry: Scored) =>
    entry.score *
    (entry.answer.id === topic ? SAME_TOPIC : 1) *
    (!leans && entry.lacking.some((t) => OTHER_PLAYERS.has(t)) ? PLAYER_MISSED : 1)
  let candidates = [...scores.values()].filter(fits)
  const kept = topic === undefined ? undefined : scores.get(topic)
  // A thing the follow-up has the ball meet ("what if it hits the net?" after "can I serve
  // underhand?") is not a detail: a topic that does not hold it is not kept for it.
  // Nor is a dink near the kitchen's rules: it has a rule of its own there, the same after a
  // question about the player's own place or the partner's (0188, later).
  const detail = (t: string) => !met.has(t) && t !== DINK_TERM && isKnown(t) && !leadsAway(t, topic!)
  if (
    kept &&
    !fits(kept) &&
    shapeOf(earlier!) === 'yes-no' &&
    kept.lacking.every((t) => keepsTopic(t, topic!) || detail(t))
  ) {
    // The same words summed in another order may differ in the last digit.
    const rivals = candidates.filter((entry) => entry.earlier >= kept.earlier - 1e-9)
    const shotOnly = kept.lacking.every((t) => keepsTopic(t, topic!))
    candidates = rivals.length > 0 && !shotOnly ? rivals : [kept]
  }
  // A follow-up saying only when or where ("in a tournament?", "and during the game?", "for
  // doubles?") asks the earlier question there: an answer from the earlier topic's chapter of the
  // rulebook may take it ("and in a tournament?" after "what do you play to?": the match length),
  // one from elsewhere may not, and the earlier question is answered again ("in a tournament?"
  // after a time-out question) (0191).
  if (topic !== undefined && isElliptical(question)) {
    const nearby = candidates.filter((entry) => isNear(entry.answer.id, topic!))
    if (nearby.length === 0) return matchQuestion(context!, undefined, sense)
    candidates = nearby
  }
  // Of two answers that weigh the same, a yes/no question takes the one whose closest curated
  // question is asked for a yes or a no ("is the serve allowed to bounce before I hit it?"); else
  // the one whose questions hold more of the player's: "the ball went out, is that our fault?"
  // weighs the same against "is it my fault if my shot lands out" and "... if my serve lands out",
  // but says nothing of a serve (docs/decisions/0220).
  const yesNo = shapeOf(question) === 'yes-no'
  const verdict = (e: Scored) => askById.get([...e.asks].sort((a, b) => b[1] - a[1])[0]![0])!.yes !== null
  const beats = (entry: Scored, other: Scored) => {
    if (Math.abs(weigh(entry) - weigh(other)) > 1e-9) return weigh(entry) > weigh(other)
    if (yesNo && verdict(entry) !== verdict(other)) return verdict(entry)
    return entry.coverage > other.coverage + 1e-9
  }
  let best: { entry: Scored } | undefined
  for (const entry of candidates) if (!best || beats(entry, best.entry)) best = { entry }
  if (!best) return undefined
  // The yes or no comes from the closest curated question asked the same way round, if any; for a
  // follow-up, first from one holding its own words: "what if it bounces first?" after "can the
  // receiver volley the serve?" is answered by "do I have to let the serve bounce => yes", not by
  // "can I volley the serve => no".
  const { frame } = sense
  const tier = (ask: Ask) => (ask.sense.frame === frame ? 0 : ask.sense.frame === 0 ? 1 : 2)
  const own = (ask: Ask) => best.entry.own.get(ask.id) ?? 0
  const main = mainWeigher(leans ? undefined : question)
  const verdicts = [...best.entry.asks.entries()]
    .map(([id, score]) => ({ ask: askById.get(id)!, score }))
    .filter(({ ask }) => ask.yes !== null)
    .sort(
      (a, b) =>
        own(b.ask) - own(a.ask) ||
        main(b.ask) - main(a.ask) ||
        tier(a.ask) - tier(b.ask) ||
        b.score - a.score,
    )
  const closest = verdicts[0]?.ask ?? asks.find((ask) => ask.answer === best.entry.answer && ask.yes !== null)
  return { answer: best.entry.answer, coverage: best.entry.coverage, closest }
}
