// A ball out, going out, or hit while going out, in the words players use: one form each, read by
// referee.phrases.ts in the order of its list (docs/decisions/0216, 0220, 0223, 0226).

// A pattern and what it becomes.
export type Phrase = readonly [RegExp, string | ((match: string, ...groups: string[]) => string)]

// A player striking the ball, and the ball struck: "my partner volleyed it", "i hit a ball".
const HITTER =
  '(?:i|we|you|he|she|they|(?:(?:my|our|the|his|her|their) )?(?:partner|opponent)s?|the (?:receiver|server))'
const STRUCK = '(?:hit|hits|volleyed|volleys|played|plays|returned|returns|took|takes)'
const HITTER_AT = new RegExp(`\\b${HITTER}(?= (?:still |just |then )?${STRUCK}\\b)`)
const STRUCK_BALL = '(?:it|that|this|that 1|the ball|a ball|that ball|the shot|a shot)'
// ... not asked whether they may: "can i hit it", "should i hit it", "do i hit it".
const UNASKED =
  '(?<!\\b(?:can|could|may|might|should|shall|to|allowed|must|will|would|do|does|did) (?:(?:my|our|the|his|her|their) )?)'

// Whose shot it is, said of the player who hit it.
const OWNER: Record<string, string> = {
  i: 'my',
  we: 'our',
  you: 'your',
  he: 'his',
  she: 'her',
  they: 'their',
}

// The hit of a ball going out, in an earlier question, when a follow-up has the player do something
// else ("what if she caught it?"): only the ball going out is left (docs/decisions/0226).
export const otherAct = (part: string) => part.replace(/\bhitheadedout\b/g, 'headedout')

// A ball the player let go, one the other side hit: "i let it go", "we left the ball".
const LET_GO =
  /\b((i|we) )?(let|left|leave|letting|leaving) (it|the ball|that|that 1|the serve|the shot)( (go|drop|land|bounce|fly|sail))?\b/g

export const OUT_PHRASES: readonly Phrase[] = [
  // A ball that clears the net and then lands out is a ball landing out (7.D): the net it went over
  // is not what is asked about (docs/decisions/0216, Continued). "Went long" or "wide" is out.
  [
    /\b(went|goes|go|gone|got|gets|cleared|clears|clear|clearing|made it|makes it) (over |past )?the net,? (and |but |then |n |an )+(?=(it )?(landed|lands|land|landing|went|goes|go|bounced|bounces|sailed|sails) (out|long|wide)\b)/g,
    '',
  ],
  [/\b(landed|lands|land|landing|went|goes|go|sailed|sails|bounced|bounces) (long|wide)\b/g, 'landed out'],
  // A swing at the ball is a hit: "its going out, can i swing at it" asks whether the player may hit
  // it (docs/decisions/0226).
  [
    /\b(swing|swings|swung|swinging|take a swing|took a swing|taking a swing|have a swing) at (it|that|this|the ball|a ball|the serve|a serve)\b(?! (and|but) (missed|miss|misses|whiffed)\b)/g,
    'hit $2',
  ],
  // A ball not yet landed that is going out, or would have, is a ball headed out: a player may still
  // hit it ("can i hit the ball if it goes out"), as it is out only once it lands (7.D)
  // (docs/decisions/0223).
  [
    /(?<=\b(volley\w*|hit|hits|hitting|catch\w*|caught|play|plays|playing)\b.*\b(if|when|whenever|as) (it|the ball|the serve|the shot) )\b(went|goes|go|gone|sailed|sails|flew|flies|floated|floats|ended up|ends up) out\b(?! of\b)|(?<=\b(if|when|whenever) (it|the ball|the serve|the shot) )(goes|go|went) out\b(?! of\b)(?=.*\b(can|could|may|allowed)\b.*\b(volley\w*|hit|play|catch)\b)|\b(going|heading|headed|sailing|flying|floating) (out|long|wide)\b(?! of\b)|\bwould (have )?(landed|land|gone|go|been|be) (out|long|wide)\b(?! of\b)/g,
    'headedout',
  ],
  // ... and so is one caught or hit "before it landed out"; one going out that the player let go
  // landed out (docs/decisions/0226).
  [
    /\b(before|until) (it|the ball) (landed|lands|land|went|goes|go|could land) (out|long|wide)\b(?! of\b)/g,
    'headedout',
  ],
  [
    new RegExp(`^(?=.*\\bheadedout\\b)(?=.*${LET_GO.source}).*$`),
    (text: string) => {
      const kind = /\bserve\b/.test(text) ? 'serve' : 'shot'
      return text.replace(LET_GO, '').replace(/\bheadedout\b/g, `the opponents ${kind} landed out`)
    },
  ],
  // A ball going out that a player did hit, whoever it was, is one word: it is in play once hit, and
  // the side that hit it loses the rally only if that shot fails (7.D). "My partner hit a ball that
  // was going long", "the ball was going out but my partner hit it", "i volleyed it even though it was
  // going out". Whether a player may hit it ("can i hit a ball that is going out") is left as asked,
  // and so is the ball hitting a player ("it hit my partner") (docs/decisions/0226).
  [
    new RegExp(
      `${UNASKED}\\b${HITTER} ${STRUCK} ${STRUCK_BALL}(?: \\w+){0,4}? headedout\\b|` +
        `\\bheadedout(?: \\w+){0,3}? ${UNASKED}${HITTER} (?:still |just |then )?${STRUCK} ${STRUCK_BALL}\\b`,
      'g',
    ),
    (match: string) => `${HITTER_AT.exec(match)?.[0] ?? ''} hitheadedout`,
  ],
  // A player who hit the ball out hit a shot that landed out: "i hit it out" is "my shot landed
  // out", "my partner hit the return long" "my partners return landed out" (0223).
  [
    /\b(?:(i|we|you|he|she|they|(?:(?:my|our|the) )?(?:partner|opponent)s?) )?(?:hit|hits|knocked|knocks|sent|sends|smacked|whacked|blasted|popped|dumped|put|puts) (?:it|(?:that |this )?1|that|the ball|(?:my|his|her|their|our|the|a) (shot|serve|return|dink|drop|volley|lob|drive|smash|third shot)) (?:out|long|wide)\b(?! of\b)/g,
    (_m: string, who?: string, kind?: string) =>
      `${who === undefined ? '' : (OWNER[who] ?? who.replace(/s?$/, 's'))} ${kind ?? 'shot'} landed out`,
  ],
  // ... and so is a ball that "went out", or a shot that "was long": the ball landing out, not the
  // word "out" alone, which says only which way a question asks ("is a ball on the line out?"). A
  // player who went out of the kitchen is not a ball, and a ball hit "if it goes out" has not landed
  // (docs/decisions/0220).
  [
    /\b(went|goes|go|gone|sailed|sails|flew|flies|floated|floats|ended up|ends up) out\b(?! of\b)/g,
    'landed out',
  ],
  [/\b(serve|shot|ball|return|lob shot|volley|it) (was|is) (long|wide)\b/g, '$1 landed out'],
  // Whatever kind of shot landed out, a return, a dink, a third shot, it is a shot landing out (7.D):
  // the kind is a detail, as a lob is (docs/decisions/0208, 0220).
  [
    /\b(return of serve|returns?|dinks?|drop shots?|drops?|third shots?|3rd shots?|volleys?)(?= landed out\b)/g,
    'shot',
  ],
  // Landing beyond the baseline is landing out of bounds; standing behind it is where the server stands.
  [
    /\b(past|beyond|long of|deep of) the (baseline|back line|end line|sideline|side line)s?\b|(?<=\b(landed|lands|land|landing|bounced|bounces) )(behind|outside) the (baseline|back line|end line|sideline|side line)s?\b/g,
    'out of bounds',
  ],
]
