import {
  canonical,
  isFollowUp,
  SUBJECTS,
  type Spoken,
  type Subject,
  subjectsOf,
  withoutSubjects,
} from './referee.question'
import { otherAct } from './referee.out'
import { hitOfSomeone, paddleOfSomeone, unplaced } from './referee.unnamed'

// How a follow-up ("what if...", "and...") is read with the player's question before it: whom its
// pronouns stand for, what is left of the earlier question, and when it is a question of its own
// (docs/decisions/0182, 0183, 0185).

export type Other = Exclude<Subject, 'asker'>

// The one player other than the asker the earlier question named, if it named exactly one.
function otherNamed(earlier: string): Other | undefined {
  const others = [...subjectsOf(earlier)].filter((s): s is Other => s !== 'asker')
  return others.length === 1 ? others[0] : undefined
}

// "He", "she", "they" and their other forms in a follow-up, as players say them of the one other
// player the earlier question named: "what if she's only on the line?" after "can I volley if my
// partner is in the kitchen?" asks about the partner. Left as they are when the earlier question
// names no other player, or more than one.
const PLAYER_WORDS: Record<Other, string> = {
  partner: 'my partner',
  opponent: 'my opponent',
  receiver: 'the receiver',
  server: 'the server',
}
const PRONOUNS: Record<string, string> = {
  hes: ' is',
  shes: ' is',
  theyre: ' are',
  theyve: ' have',
  theyd: ' would',
}
const PRONOUN =
  /\b(he|she|they|him|her|hers|them|his|their|theirs|himself|herself|themselves|hes|shes|theyre|theyve|theyd)\b/g

export function withPronounsRead(question: string, earlier: string): string {
  const other = otherNamed(earlier)
  const text = canonical(question)
  if (other === undefined || text.search(PRONOUN) === -1) return question
  return text.replace(PRONOUN, (word) => `${PLAYER_WORDS[other]}${PRONOUNS[word] ?? ''}`)
}

// The earlier question as a follow-up reads it. A follow-up that names whom it asks about
// ("what if I'm in the kitchen too?" after "can I volley if my partner is in the kitchen?")
// asks the earlier question's topic about them: the earlier question's words for anyone else
// are left out, its topic words kept. One that names no one ("what if it bounces first?")
// keeps the earlier subject.
export function earlierAsRead(question: string, earlier: string): string {
  const named = subjectsOf(question)
  return named.size === 0 ? earlier : withoutSubjects(earlier, named)
}

// What a follow-up has the other player of the earlier question do: act ("what if she volleys
// it?") or have something happen to them ("what if it hits her?", "what if she gets hit?").
export type Role = 'acts' | 'undergoes'
const who = (subject: Other, flags = '') =>
  new RegExp(SUBJECTS.find(([s]) => s === subject)![1].source, flags)
const HIT = '(hit|hits|hitting|struck|strikes|touch|touches|touched)'
const ACT =
  '(volley|volleys|volleyed|volleying|hit|hits|hitting|touch|touches|touched|serve|serves|served|return|returns|returned|catch|catches|caught|swing|swings|swung|play|plays|played|do|does|did)'
// What is theirs acts for them: "what if her paddle touches the net?".
const THINGS = '(paddle|foot|hand|body|clothing)'
const OWN = `(${THINGS} )?`
const ADVERB = '((\\w+ly|also|then|just|still|instead) )?'

export function roleOf(clause: string, subject: Other): Role | undefined {
  const player = who(subject).source
  if (new RegExp(`\\b${HIT} ${player}|${player} (is|was|gets|got|get) ${HIT}\\b`).test(clause))
    return 'undergoes'
  if (new RegExp(`${player} ${OWN}${ADVERB}${ACT}\\b`).test(clause)) return 'acts'
  return undefined
}

// A question's parts: "my partner is in the kitchen, can I volley?" is "my partner is in the
// kitchen" and "can i volley".
const parts = (question: string) =>
  question
    .split(/[.?!;,]+/)
    .map(canonical)
    .flatMap((clause) => clause.split(/\b(?:if|when|while|whilst|because|since|and|but|so)\b/))
    .map((part) => part.trim())
    .filter(Boolean)
const LEAD = /^((so|ok|okay|and|but|or|then|even) )*((what|how) (if|about)( if)?|if)\b\s*/

// A follow-up in which the other player the earlier question named does something, or has something
// done to them, is a question of its own about that player (0185). What they do is asked as of the
// player asking where the earlier question put them: "what if she volleys it?" after "can I volley if my
// partner is in the kitchen?" asks "can I volley it when I am in the kitchen?" (No, 9.A); "what if she
// does it?" what it asked, anything else instead (referee.out.ts); "what if it hits her?" as it is (7.H).
//
// A partner or an opponent the earlier question did not name, acting in a follow-up, takes over
// its act, the player asking staying where it put them (0188): "what if my partner volleys it?"
// after "can I volley while standing in the kitchen?" asks, as of the partner, "can I volley while
// my partner is standing in the kitchen?" (Yes, 9.H). "What if my partner does it?" does the
// whole of it, in the same place.
const ACT_WORD = new RegExp(`\\b${ACT}\\b`)
const ASKER = SUBJECTS.find(([s]) => s === 'asker')![1].source
interface Restated {
  text: string
  role: Role
  other: Other
}
function restated(asked: string, earlier: string): Restated | undefined {
  const clause = canonical(asked).replace(LEAD, '')
  const named = otherNamed(earlier)
  const nobodyElse = [...subjectsOf(earlier)].every((s) => s === 'asker')
  const other = named ?? (nobodyElse ? otherNamed(clause) : undefined)
  if (other === undefined) return undefined
  const role = roleOf(clause, other)
  if (role === undefined) return undefined
  if (role === 'undergoes') return { text: clause, role, other }
  const doing = /\b(do|does|did)\b/.test(clause)
  const earlierParts = parts(earlier).map((part) => (doing ? part : otherAct(part)))
  const actor = (part: string) => part.replace(who(other, 'g'), 'i')
  if (named !== undefined) {
    const about = (part: string) => who(other).test(part)
    const text = [clause, ...earlierParts.filter((part) => about(part) || doing)].map(actor).join(' ')
    return { text, role, other }
  }
  if (other !== 'partner' && other !== 'opponent') return undefined
  // The player asking, as the one acting sees them: their partner, or their opponent; what the
  // earlier question had them do is now the other player's ("can touch the net" for "it").
  const asker = (part: string) =>
    ACT_WORD.test(part)
      ? withoutSubjects(part)
      : new RegExp(ASKER).test(part)
        ? part.replace(new RegExp(ASKER, 'g'), `my ${other}`)
        : `my ${other} ${part}`
  const place = doing ? earlierParts : earlierParts.map(asker)
  return { text: [actor(clause), ...place].join(' '), role, other }
}

// A question of its own in which the ball hits a partner or an opponent, the player asking not
// named ("what happens if the ball hits my opponent?"): its answer is said of that player, as a
// follow-up's is ("if the ball in play hits your opponent, ... their side commits a fault"). What
// such a player does is left as asked: "does my partner serve too?" asks about the order of
// serving, not about the player asking serving.
//
// A volley is the exception, and so is hitting the ball in the kitchen: where the player hitting it
// stands is the whole rule, the same for every player. "Can my partner volley in the kitchen?"
// asks, of the partner, "can I volley in the kitchen?" (No, 9.A), not whether the player asking may
// volley while the partner is there (9.H). So is hitting a ball going out (0226).
const STRIKES = (player: string) =>
  new RegExp(
    `${player} ((is|are) )?((allowed|able|permitted) to )?${ADVERB}(volley|volleys|volleyed|volleying|hit|hits|hitting)\\b`,
  )
const KITCHEN = /\b(kitchen|non volley zone)\b/
const strikes = (clause: string, other: Other) =>
  STRIKES(who(other).source).test(clause) && (/\b(volley|headedout)/.test(clause) || KITCHEN.test(clause))
// So is being in the kitchen, hitting nothing: "can my opponent stand in the kitchen?" asks, of the
// opponent, "can I stand in the kitchen?" (9.E), not where the opponents may be when the player
// asking volleys (docs/decisions/0198).
const STANCE =
  '(stand|stands|standing|be|go|goes|walk|walks|walking|step|steps|stepped|stepping|enter|enters|entered|wait|waits|waiting|stay|stays|staying)'
const stands = (clause: string, other: Other) =>
  new RegExp(`${who(other).source} ((is|are) )?((allowed|able|permitted) to )?${ADVERB}${STANCE}\\b`).test(
    clause,
  ) &&
  KITCHEN.test(clause) &&
  (!ACT_WORD.test(clause) || /\b(he|she|they) (volley|volleys|volleyed)\b/.test(clause))
// And so is touching the net: "what if my partner hits the net?" is their fault (7.G).
const touchesNet = (clause: string, other: Other) =>
  new RegExp(`${who(other).source} ${OWN}${ADVERB}(touch|touches|touched|touching) the (net|post)`).test(
    clause,
  )
const TOUCHES_NET = new RegExp(
  `\\b(i|we|my|our|${SUBJECTS.filter(([s]) => s !== 'asker')
    .map(([, pattern]) => pattern.source)
    .join('|')}) ${OWN}${ADVERB}(touch|touches|touched|touching) the (net|post|posts)\\b`,
)
const NET = /\b(net|post|posts|intonet)\b/
// Touching the net is a fault by whoever touches it, whoever else the question names: "can my
// partner touch the net with my paddle after i hit the ball?" is their fault as it would be the
// player's asking (docs/decisions/0220).
function ofOtherPlayer(question: string): Pick<FollowUpReading, 'asked' | 'restated' | 'other'> {
  const named = [...subjectsOf(question)]
  const others = named.filter((s) => s !== 'asker')
  const other = others.length === 1 ? others[0] : undefined
  if (other !== 'partner' && other !== 'opponent') return { asked: question }
  const clause = canonical(question).replace(LEAD, '')
  const alone = named.length === 1
  if (alone && roleOf(clause, other) === 'undergoes') return { asked: question, restated: 'undergoes', other }
  if ((alone && (strikes(clause, other) || stands(clause, other))) || touchesNet(clause, other))
    return { asked: asActor(clause, other), restated: 'acts', other }
  return { asked: question }
}
// The question as of the player asking: "my partners paddle" is "my paddle", "my partner" is "i".
const asActor = (clause: string, other: Other) =>
  clause.replace(new RegExp(`${who(other).source}(?= ${THINGS}\\b)`, 'g'), 'my').replace(who(other, 'g'), 'i')

// A follow-up that names a player and asks nothing more ("what about her?", "and my opponent?",
// "same for the other team?") asks the earlier question of that player: the first player it named,
// the one it has act or have something happen to ("can I ...", "is it a fault if my partner ...",
// "what happens if the ball hits my opponent"), is that player, the rest as it was asked ("when I
// serve"), and it is read as a first question would be, yes/no or open. Where the rule is the same
// for every player (a volley, being in the kitchen), the answer is said of them: "what about my
// opponent?" after "can my partner volley in the kitchen?" reads "No: that is your opponent's
// fault, so your side wins the rally ..." (9.A); where it is not, the question asked of them finds
// their own rule: "what about my partner?" after "can I stand anywhere when I serve?" asks where the
// server's partner may stand (4.B). Naming the player the earlier question had act ("what about
// her?", she being that partner) asks it again. The earlier question may name no other player but
// the player asking (docs/decisions/0191, 0198, 0202).
const FILLER =
  /\b(its|it is|it was|that is|that was|thats|is it|was it|the same|same|for|too|also|as well|instead|then|and|or|but|so)\b/g
function onlyNamed(clause: string): Subject | undefined {
  const named = [...subjectsOf(clause)]
  if (named.length !== 1 || withoutSubjects(clause.replace(FILLER, ' ')) !== '') return undefined
  return named[0]
}
// Where a player is named first in a question, and how: "my partners paddle" (whose), "hits me"
// (to whom), "can i" (who).
interface Named {
  subject: Subject
  at: number
  words: string
}
function firstNamed(text: string): Named | undefined {
  let first: Named | undefined
  for (const [subject, pattern] of SUBJECTS) {
    const found = new RegExp(pattern.source).exec(text)
    if (found && (first === undefined || found.index < first.at))
      first = { subject, at: found.index, words: found[0] }
  }
  return first
}
const WHOSE = /^ (paddle|paddles|foot|hand|body|clothing|shot|serve|side|team)\b/
const TO_WHOM = /\b(hit|hits|hitting|struck|strikes|touch|touches|touched|at|to)\s$/
const POSSESSIVE = /^(my|your|our|mine)$/
function namedAs(player: Subject, before: string, after: string, words: string): string {
  const whose = POSSESSIVE.test(words) || WHOSE.test(after)
  if (player === 'asker') return whose ? 'my' : TO_WHOM.test(before) ? 'me' : 'i'
  return whose ? `${PLAYER_WORDS[player]}s` : PLAYER_WORDS[player]
}
// The earlier question's "she", "her" for the player it named first are the player now named: "is it
// a fault if my partner steps in the kitchen when she volleys?" asked of an opponent is "... when my
// opponent volleys", and of the player asking "... when i volley" (docs/decisions/0208).
const AS_ASKER: Record<string, string> = {
  he: 'i',
  she: 'i',
  they: 'i',
  him: 'me',
  them: 'me',
  his: 'my',
  their: 'my',
  hers: 'mine',
  theirs: 'mine',
  himself: 'myself',
  herself: 'myself',
  themselves: 'myself',
  hes: 'i am',
  shes: 'i am',
  theyre: 'i am',
  theyve: 'i have',
  theyd: 'i would',
}
const OWNING = new Set(['his', 'her', 'their'])
function pronounsAs(player: Subject, text: string): string {
  return text.replace(PRONOUN, (word: string, _word: string, at: number) => {
    const whose = OWNING.has(word) && WHOSE.test(text.slice(at + word.length))
    if (player !== 'asker')
      return whose ? `${PLAYER_WORDS[player]}s` : `${PLAYER_WORDS[player]}${PRONOUNS[word] ?? ''}`
    if (word === 'her') return whose ? 'my' : 'me'
    return AS_ASKER[word] ?? word
  })
}
function askedOfNamed(clause: string, earlier: string): FollowUpReading | undefined {
  const player = onlyNamed(clause)
  if (player === undefined) return undefined
  const text = canonical(earlier)
  const first = firstNamed(text)
  if (first === undefined) return undefined
  const before = text.slice(0, first.at)
  const after = text.slice(first.at + first.words.length)
  if ([...subjectsOf(`${before} ${after}`)].some((s) => s !== 'asker')) return undefined
  const same = player === first.subject
  const words = same ? first.words : namedAs(player, before, after, first.words)
  const rest = same || first.subject === 'asker' ? after : pronounsAs(player, after)
  const question = `${before}${words}${rest}`
  return { ...ofOtherPlayer(question), context: undefined, question }
}

// "What about him?" after a question about the ball hitting the player asking, no other player named
// ("the ball hit me"): the ball hitting him, whoever he is (docs/decisions/0216).
const ONLY_PRONOUN = /^(he|she|they|him|her|them)$/
function askedOfSomeone(clause: string, earlier: string): FollowUpReading | undefined {
  if (!ONLY_PRONOUN.test(clause.replace(FILLER, ' ').replace(/\s+/g, ' ').trim())) return undefined
  const question = hitOfSomeone(earlier)
  return question === undefined ? undefined : { asked: question, context: undefined, question }
}

// Whether a question speaks of a woman or of a man ("she", "her"; "he", "him"); undefined for
// neither, or both.
const SHE = /\b(she|her|hers|herself|shes)\b/
const HE = /\b(he|him|his|himself|hes)\b/
function genderOf(text: string): 'she' | 'he' | undefined {
  const she = SHE.test(text)
  return she === HE.test(text) ? undefined : she ? 'she' : 'he'
}
// "What about him?" after a question about a partner called "she" is not about her: a side has one
// partner, so he is one of the opponents; after a question about an opponent called "she", the other
// opponent. The follow-up then names that player (docs/decisions/0208). Said of a receiver or a
// server, or of nobody named, it is left as it is.
function newlyNamed(clause: string, earlier: string): string {
  const other = otherNamed(earlier)
  const said = genderOf(clause)
  const before = genderOf(canonical(earlier))
  if (said === undefined || before === undefined || said === before) return clause
  if (other !== 'partner' && other !== 'opponent') return clause
  return pronounsAs('opponent', clause)
}

// A ball that bounces is not volleyed: after a question about a volley, or about hitting the ball
// ("can my partner hit the ball while standing in the kitchen?"), "what if it bounces first?" asks
// about playing the ball after its bounce (0185). Nor is every stroke a volley: "what if I hit it?",
// "what if it's a dink?" after a question about a volley ask about hitting the ball, bounced or not
// (0188). The earlier question as it then reads, or undefined when the follow-up says neither or
// the earlier question asks about no such stroke.
const BOUNCE = /\b(bounce|bounces|bounced|bouncing)\b/
const VOLLEY = /\bvolley(s|ed|ing)?\b/g
const PLAYER = '(i|you|we|partner|opponents?|receiver|server) ((\\w+ly|just|then|only) )?'
const HITTING = new RegExp(`\\b${PLAYER}(hit|hits|hitting)\\b`, 'g')
const STROKE = new RegExp(`\\b(dink|dinks|dinked|dinking)\\b|\\b${PLAYER}(hit|hits|play|plays)\\b`)
export function volleyAsRead(asked: string, context: string): string | undefined {
  const words = canonical(asked)
  const earlier = canonical(context)
  if (words.search(VOLLEY) !== -1) return undefined
  const volleys = earlier.search(VOLLEY) !== -1
  if (BOUNCE.test(words) && (volleys || earlier.search(HITTING) !== -1))
    return earlier.replace(VOLLEY, 'play after the bounce').replace(HITTING, '$1 $2play after the bounce')
  if (volleys && STROKE.test(words)) return earlier.replace(VOLLEY, 'hit the ball')
  return undefined
}

// What the ball, or a player, meets in a follow-up: "what if it hits the net?", "what if the serve
// lands on the line?", "what if my paddle touches the post?". A thing met is what the follow-up asks
// about, not a detail of the earlier question: the answers that hold it take it, whatever the
// earlier topic (0188, later). Pronouns, the ball and the players are not things met.
const MEETS =
  /\b(hit|hits|hitting|struck|strikes|touch|touches|touched|land|lands|landed|landing)( on| in| into)?( the| a| an| my| your| their)? ((\w+ ?){1,3})/
const NOT_MET =
  /^(it|that|this|ball|me|you|him|her|them|us|i|he|she|they|we|my|your|partner|opponents?|receiver|server|before|after|first|while|when|if|and|then|again|too|also)$/
export function metIn(asked: string): { verb: string; thing: string } | undefined {
  const found = MEETS.exec(canonical(asked))
  if (!found) return undefined
  const words: string[] = []
  for (const word of found[4]!.trim().split(' ')) {
    if (NOT_MET.test(word)) break
    words.push(word)
  }
  return words.length === 0 ? undefined : { verb: found[1]!, thing: words.join(' ') }
}

export interface FollowUpReading {
  // The question as read: its pronouns as the player they stand for, or restated on its own.
  asked: string
  // The earlier question as the follow-up reads it; undefined when the question stands alone.
  context: string | undefined
  // Set when a follow-up about the other player is read as a question of its own, with that player.
  restated?: Role
  other?: Spoken
  // A follow-up naming only a player, written out as the question it asks of them.
  question?: string
}

// A follow-up as it is read: its pronouns as the player the earlier question named, and the
// earlier question as the follow-up reads it (0182, 0183), or the follow-up restated on its own
// (0185). No context when it is not a follow-up.
export function followUpAsRead(question: string, earlier: string | undefined): FollowUpReading {
  if (earlier === undefined || !isFollowUp(question))
    return { context: undefined, ...(paddleOfSomeone(question) ?? ofOtherPlayer(unplaced(question))) }
  const said = canonical(question).replace(LEAD, '')
  // A player touching the net in play is a fault of its own: after a question about anything but
  // the net, "what if my opponent touches the net?" asks that alone (docs/decisions/0216).
  const touching = canonical(withPronounsRead(said, earlier))
  if (TOUCHES_NET.test(touching) && !NET.test(canonical(earlier)))
    return { context: undefined, ...ofOtherPlayer(touching) }
  const clause = newlyNamed(said, earlier)
  const someone = askedOfSomeone(clause, earlier)
  if (someone) return someone
  const again = askedOfNamed(canonical(withPronounsRead(clause, earlier)), earlier)
  if (again) return again
  // "What if he volleys it?" after a question about a partner called "she": the opponent does what
  // the earlier question had her do, that question asked of him (docs/decisions/0215).
  const renamed = clause !== said
  const asked = renamed ? clause : withPronounsRead(question, earlier)
  const before = renamed ? (askedOfNamed(PLAYER_WORDS.opponent, earlier)?.question ?? earlier) : earlier
  const own = restated(asked, before)
  if (own) return { asked: own.text, context: undefined, restated: own.role, other: own.other }
  const read = unplaced(asked)
  return { asked: read, context: earlierAsRead(read, earlier) }
}
