import { canonical, type Spoken, subjectsOf } from './referee.question'

// A player the referee cannot place on either side of the net: "the ball hit him" with no player
// named for "him" to be, read as "someone" (docs/decisions/0216). A question naming a partner or an
// opponent itself ("my partner got hit, the ball hit her") keeps its pronoun. The ball hitting a
// player's paddle or the hand holding it is a shot, not the ball hitting them.
const HIT_UNNAMED =
  /\b(hit|hits|hitting|struck|strikes|striking|touch|touches|touched) (his body|her body|their body|him|her|them)\b(?! (paddle|hand|paddlehand)\b)|\b(he|she|they) (is|was|were|gets|got|get|been|being) (hit|struck)\b/g
const HITS_ASKER = /\b(hit|hits|hitting|struck|strikes) my body\b/

const namesOthers = (text: string) => [...subjectsOf(text)].some((s) => s !== 'asker')
// A serve that hits a player is its own rule (4.A), the same for the receiver and their partner:
// whoever he is, he is most often receiving it.
const hitPlayer = (text: string) => (/\bserve/.test(text) ? 'hits the receiver' : 'hits someone')

// The question with the player no one named as "someone"; as it was when there is none.
export function unplaced(question: string): string {
  const text = canonical(question)
  if (text.search(HIT_UNNAMED) === -1 || namesOthers(text)) return question
  return text.replace(HIT_UNNAMED, hitPlayer(text))
}

// The ball hitting "his" paddle hand, the hand holding the paddle, no player named for "his": whoever he is, the
// question is about him, and asked as of the player asking it finds the rule said of them (7.H); the
// answer is then said of "that player" (docs/decisions/0223). Undefined when another player is named.
const HITS_UNNAMED_PADDLE =
  /\b(hit|hits|hitting|struck|strikes|touch|touches|touched) (his|her|their) (paddlehand)\b/g
export function paddleOfSomeone(
  question: string,
): { asked: string; restated: 'undergoes'; other: Spoken } | undefined {
  const text = canonical(question)
  if (text.search(HITS_UNNAMED_PADDLE) === -1 || namesOthers(text)) return undefined
  return { asked: text.replace(HITS_UNNAMED_PADDLE, '$1 my $3'), restated: 'undergoes', other: 'player' }
}

// "The ball hit me" asked of a player no one named ("what about him?"): "the ball hits someone";
// undefined when the ball hit no one, or another player is named.
export function hitOfSomeone(earlier: string): string | undefined {
  const text = canonical(earlier)
  if (!HITS_ASKER.test(text) || namesOthers(text)) return undefined
  return text.replace(HITS_ASKER, hitPlayer(text))
}
