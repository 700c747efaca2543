import type { Spoken } from './referee.question'

// A curated answer is written to the player asking ("you may volley...", "your side commits a
// fault"). When a follow-up asks what another player does or what happens to them ("what if she
// volleys it?", "what if it hits her?"), the answer is said of that player instead
// (docs/decisions/0188).

const NAMES: Record<Spoken, string> = {
  player: 'that player',
  partner: 'your partner',
  opponent: 'your opponent',
  receiver: 'the receiver',
  server: 'the server',
}
// A partner's side is the asker's own; any other player's is theirs.
const SIDE: Record<Spoken, string> = {
  player: 'their',
  partner: 'your',
  opponent: 'their',
  receiver: 'their',
  server: 'their',
}

const MODALS = new Set('may must can cannot will would should could might need'.split(' '))
const THIRD_PERSON: Record<string, string> = { are: 'is', have: 'has', do: 'does', were: 'was' }
const PLURAL: Record<string, string> = { is: 'are', has: 'have', does: 'do', was: 'were' }
// Before "you", a word that makes it an object: "hits you", "across from you".
const GOVERNS =
  /\b(from|to|for|at|with|against|behind|past|than|across|towards?|near|of|by|on|into|onto|hits?|carr(y|ies)|gives?|lets?|strikes?|touch(es)?)\s$/i

// "You stand" said of one player: "your partner stands".
function thirdPerson(verb: string): string {
  if (MODALS.has(verb) || /^(and|or|not)$/.test(verb)) return verb
  if (THIRD_PERSON[verb]) return THIRD_PERSON[verb]
  if (/[^aeiou]y$/.test(verb)) return `${verb.slice(0, -1)}ies`
  if (/(s|sh|ch|x|z)$/.test(verb)) return `${verb}es`
  return `${verb}s`
}
// "Your partner stands" said to the player: "you stand".
function secondPerson(verb: string): string {
  if (PLURAL[verb]) return PLURAL[verb]
  if (/[^aeiou]ies$/.test(verb)) return `${verb.slice(0, -3)}y`
  if (/(ss|sh|ch|x|z)es$/.test(verb)) return verb.slice(0, -2)
  if (/[^s]s$/.test(verb)) return verb.slice(0, -1)
  return verb
}

const SAID_TO =
  /\b(your (partner|opponent)s?'s|your (partner|opponent)s?( \w+)?|your (own )?(side|team)s?('s)?|yourself|yours|your|you( \w+)?)\b/gi
const capitalised = (text: string, like: string) =>
  /^[A-Z]/.test(like) ? text.charAt(0).toUpperCase() + text.slice(1) : text

// "The opponents" of an opponent are the player asking and their partner: "you", and the "their"
// and "them" that follow say "your" and "you" (0188, later). Read over the sentence as written to
// the player asking, before its "you" becomes the opponent: kept aside until then.
const THE_OPPONENTS = /\bthe opponents?(?:'s?|(?: (\w+))?)(?!\w)|\b(their|theirs|them|themselves)\b/gi
const FROM_US: Record<string, string> = {
  their: 'your',
  theirs: 'yours',
  them: 'you',
  themselves: 'yourselves',
}
const ASIDE = /\uE000(\d+)\uE001/g

function seenFromUs(sentence: string, aside: string[]): string {
  let named = false
  const put = (text: string) => `\uE000${aside.push(text) - 1}\uE001`
  return sentence.replace(THE_OPPONENTS, (match: string, verb?: string, pronoun?: string) => {
    if (pronoun !== undefined) return named ? put(capitalised(FROM_US[pronoun.toLowerCase()]!, match)) : match
    named = true
    if (match.endsWith("'") || match.endsWith("'s")) return put(capitalised('your', match))
    return put(capitalised(verb === undefined ? 'you' : `you ${secondPerson(verb)}`, match))
  })
}

// The sentence said of the other player. The first mention names them ("your partner may..."),
// unless `named` says the words before it already did; later ones say "they", "them", "their".
// Their partner or opponent, when that is the player asking, is "you".
export function saidOf(sentence: string, other: Spoken, named = false): string {
  const name = NAMES[other]
  let first = !named
  const aside: string[] = []
  const written = other === 'opponent' ? seenFromUs(sentence, aside) : sentence
  const said = written.replace(SAID_TO, (match: string, ...groups: unknown[]) => {
    const offset = groups.at(-2) as number
    const before = written.slice(0, offset)
    const lower = match.toLowerCase()
    // Their partner (or opponent), to the player asking: "you".
    const counterpart = /^your (partner|opponent)/.exec(lower)?.[1]
    if (counterpart !== undefined) {
      // Your opponent is your partner's too; your partner is not your opponent's.
      if (counterpart !== other)
        return counterpart === 'partner' && other !== 'partner'
          ? capitalised(`their${match.slice(4)}`, match)
          : match
      if (lower.endsWith("'s")) return capitalised('your', match)
      const verb = lower.split(' ')[2]
      return capitalised(verb === undefined ? 'you' : `you ${secondPerson(verb)}`, match)
    }
    if (/^your (own )?(side|team)/.test(lower)) return capitalised(lower.replace(/^your/, SIDE[other]), match)
    if (lower === 'yourself') return 'themselves'
    if (lower === 'yours') return 'theirs'
    const naming = first
    first = false
    if (lower === 'your') return capitalised(naming ? `${name}'s` : 'their', match)
    // "you" and the word after it.
    const [, next] = lower.split(' ')
    const object = GOVERNS.test(before)
    const rest = next === undefined ? '' : ` ${naming && !object ? thirdPerson(next) : next}`
    const person = naming ? name : object ? 'them' : 'they'
    return capitalised(`${person}${rest}`, match)
  })
  return said.replace(ASIDE, (_match, at: string) => aside[Number(at)]!)
}

// A fault by the other player is their side's: "that is your partner's fault, and so your team's".
// An opponent's fault is the rally won by the side asking: "that is your opponent's fault, so your
// side wins the rally" (docs/decisions/0191), and with it a point only when that side is serving
// (side-out scoring: a receiving side that wins the rally wins the serve). Asked whether it is a
// fault ("is my partner's paddle touching the net a fault?"), the Yes says whose: "Yes: a fault by
// your partner, and so by your team" (docs/decisions/0202).
export function faultOf(other: Spoken, confirming = false): string {
  const rally = 'so your side wins the rally (a point if your side is serving)'
  if (confirming)
    return other === 'opponent'
      ? `a fault by ${NAMES[other]}, ${rally}`
      : `a fault by ${NAMES[other]}, and so by ${SIDE[other]} team`
  if (other === 'opponent') return `that is ${NAMES[other]}'s fault, ${rally}`
  return `that is ${NAMES[other]}'s fault, and so ${SIDE[other]} team's`
}
