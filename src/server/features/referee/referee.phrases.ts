// The words players use, each brought to one form: what the matching and the reading of a
// question work on (docs/decisions/0146, 0184).

import { OUT_PHRASES, type Phrase } from './referee.out'

// The sides a fault is asked of, the ball hitting a player, and where (docs/decisions/0216).
const US = '(us|me|our side|our team|my side|my team)'
const THEM = '(them|him|her|the opponents|the other (side|team)|their side|their team)'
const THEY = '(they|the opponents|the other (side|team))'
const ON = '(on|against|for|to|by)'
const ON_IT = '(?<=\\b(is|was) (it|that|this) )(on|against) '
const LOSE = '((do|did|does|would|will) )?'
const LOSES = '(lose|lost) (the |a )?(point|rally)\\b'
const BE = '(are|r|am|is|was|were)'
// "Do we get the point", "can they still take the rally": a side winning it (docs/decisions/0226).
const WIN = '(do|did|does|would|will|can|could) '
const WINS = '(still )?(win|get|take|won|got|took) (the |a )?(point|rally)\\b'
const BLAME = '(at fault|to blame)\\b'
const HIT = '(hit|hits|hitting|struck|strikes)'
const BODY = '(foot|feet|legs?|arms?|head|face|shoulders?|chest|back|knees?|stomach|shins?|body)'
// Players' words and spellings for one thing, each brought to the form the curated answers use.
// Longer phrases first: 'non volley zone line' before 'non volley zone'.
const PHRASES: readonly Phrase[] = [
  [/\bwhats\b/g, 'what is'],
  [/\bthats\b/g, 'that is'],
  // Words players misspell typing on a phone at the courts: "kitchin", "servce".
  [/\b(kitchin|kitchan|kichin|kitchen)\b/g, 'kitchen'],
  [/\b(servce|sevre|srve)\b/g, 'serve'],
  [/\b(servcing|servng|sevring)\b/g, 'serving'],
  [/\bmax\b/g, 'maximum'],
  // A paddle's specifications are its size (2.E.3).
  [/\b(specs|specifications?|dimensions?)\b/g, 'size'],
  // A "nasty nelson" is a serve aimed at the receiver's partner, and hitting a player with the serve
  // is aiming it at them (4.A): "aim" tells it from the receiver's partner hitting the serve (4.B).
  [/\bnasty nelsons?\b/g, 'serve aimed at the receivers partner'],
  [
    /\b((i|you|we) )?(hit|hits|hitting|peg|pegs|pegged|nail|nails|nailed) ((\w+ ){1,3})with (my|the|a|his|her|their|our) serve\b/g,
    'aim $6 serve at $4',
  ],
  // A carry, the ball carried on the paddle, is judged with a ball hit twice (11.A), but asked about
  // in its own word: legal or not depending on the stroke (docs/decisions/0208). Momentum "carried
  // me" into the kitchen is not one. "An accidental carry" keeps its accident (docs/decisions/0215).
  [
    /^carry\b|\b(a|the) carry\b|(?<=\b(accidental|unintentional) )carr(y|ies)\b|\bcarr(y|ies|ied|ying) (the ball|it|on)\b|\bcarrying\b(?! (me|you|him|her|them|us|my|your|his|their|our|into|in)\b)/g,
    'ballcarry',
  ],
  ...OUT_PHRASES,
  // Touching the net after the ball bounced twice is touching it after the rally ended: the second
  // bounce is a fault (7.E), and a fault makes the ball dead (8) (docs/decisions/0216, Continued).
  [
    /(?<=\bnet\b.*)\b(after|once|when) (the ball|it) (has |had )?(bounced|bounces|bounce|bouncing|went|goes) (twice|2 times|two times|a second time)\b|(?<=\bnet\b.*)\b(after|once) (the|a) (second|2nd|double) bounce\b/g,
    'after the ball is dead',
  ],
  // Topics our rulebook has no rule on, each in one word so that no rule about something else is
  // taken to answer them (docs/decisions/0208): a shot around the net post, a hinder (a ball or a
  // person from another court), distracting an opponent.
  [/\b(around|round|outside) the (net )?posts?\b|\b(around|round) the net\b|\batps?\b/g, 'aroundpost'],
  [
    /\bhinders?\b|\bhindrances?\b|\bcourts? next (to (us|ours|mine|me)|door)\b|\b(stray|loose) balls?\b|\bfrom (the |a )?(next|another|other|adjacent|neighbou?ring) courts?\b|\b(rolled|rolls|rolling|came|comes|coming|walked|walks|walking|ran|runs|running) (onto|on to|into|across|behind|through|past) (our|the|my) court\b/g,
    'hinder',
  ],
  [
    /\bdistract(s|ed|ing|ion|ions)?\b|\b(make|makes|made|making) (a )?(noises?|sounds?|racket)\b|\b(yell|yells|yelled|yelling|shout|shouts|shouted|shouting|scream|screams|screamed|screaming|talk|talks|talked|talking)\b(?=.*\b(while|when|as)\b.*\b(hit|hits|hitting|serve|serves|serving|swing|swings|swinging)\b)/g,
    'distraction',
  ],
  // A player or a paddle crossing over the net, or its plane: the facts our rulebook is written from
  // say nothing of it, and reaching over the net is not reaching over the kitchen (9.A)
  // (docs/decisions/0216).
  [
    /\b(paddle|hand|arm|body|i|you|we|he|she|they|partner|opponent|opponents|through)( \w+){0,2}? (cross|crosses|crossed|crossing|reach|reaches|reached|reaching|go|goes|went|going|break|breaks|broke|lean|leans|leaned|leaning|swing|swings|swung) (over|across|past|through) the net\b|\b(the )?plane of the net\b|\bnet plane\b|\bover the net to (hit|volley|play)\b/g,
    'overnet',
  ],
  // Talking with a partner, and calls such as "mine" between partners: the rulebook has no rule on
  // them either (docs/decisions/0215). Talking while an opponent hits is a distraction, read above.
  [
    /\b(talk|talks|talked|talking|speak|speaks|speaking|spoke|communicate|communicates|communicated|communicating|communication|chat|chats|chatted|chatting)\b(?! (me|us) through\b)|\b(call|calls|called|calling|say|says|said|yell|yells|yelled|yelling|shout|shouts|shouted|shouting) (out )?(mine|yours)\b|\b(tell|tells|told|telling) (my|our) partners?\b|\b(shout|shouts|shouted|shouting|yell|yells|yelled|yelling|scream|screams|screamed|screaming|call|calls|called|calling)\b(?=( \w+){0,3} (to|at) (my|our) partners?\b)|\bpartners? (tell|tells|told|telling) (me|us)\b/g,
    'teamtalk',
  ],
  // An accidental double hit is a ball hit twice by accident (11.A).
  [/\b(accidental|accidentally|unintentional|unintentionally|not on purpose)\b/g, 'by accident'],
  [/\b(higher|highest)\b/g, 'high'],
  [/\b(lower|lowest)\b/g, 'low'],
  [/\b(taller|tallest)\b/g, 'tall'],
  [/\b(bigger|biggest|larger|largest)\b/g, 'big'],
  [/\b(smaller|smallest)\b/g, 'small'],
  [/\b(longer|longest)\b/g, 'long'],
  [/\b(wider|widest)\b/g, 'wide'],
  [/\b(heavier|heaviest)\b/g, 'heavy'],
  [/\binside\b/g, 'in'],
  // A question for when or how long, in other words: "at what point can I volley".
  [/\bat what point\b/g, 'when'],
  [/\bhow much time\b/g, 'how long'],
  // "How many minutes" asks how long, not how many: "how many timeouts do we get" is a count (0191).
  [/\bhow many (minutes|mins|seconds|secs|hours)\b/g, 'how long'],
  [/\b((shot|serve|serving) )?clock\b/g, 'time limit'],
  // "During the point" is when every rule applies and says nothing; after it, the ball is dead. So
  // is "during a game": a time-out during a game is a time-out, not the break between games
  // (docs/decisions/0191).
  [
    /\b(during|in the middle of|mid) (a |the |our |my )?(point|rally|game|match)\b|\bmid ?(point|rally|game|match)\b/g,
    '',
  ],
  // ... and so does "while the ball is in play", or "live": "my partner touched the net while the
  // ball was still live" asks about touching the net (7.G), not about a ball in play (7.B) (0223).
  [/\b(the ball|it) (is|was) (still )?(live|alive)\b/g, '$1 $2 $3in play'],
  [/\b(while|when|as) (the ball|it) (is|was) (still )?in play\b/g, ''],
  [
    /\b(after|once) (the |a )?(point|rally)( is over| was over| ended| ends| is done)?\b|\b(the |a )?(point|rally) (is over|was over|ends|ended|end)\b|\b(the ball|it) (is|was) dead\b/g,
    'dead ball',
  ],
  // Whether "the point counts" asks whether what happened is good, not about points: "my serve hit
  // the line does the point count" (docs/decisions/0226).
  [/\b(the|that|this) (point|rally|shot|ball) (count|counts|stand|stands)\b/g, 'it counts'],
  // Who wins the rally, as one word: "whose point", "whose fault", "who gets the point", "is it our
  // point or theirs" (docs/decisions/0215).
  [
    /\bwho(se|s) (point|fault|rally)\b|\b((is|was) (it|that) )?(our|my|their|your) (point|rally|fault) or (theirs|ours|mine|yours)\b|\b(is )?(the )?(point|rally) (ours|theirs|mine|yours) or (ours|theirs|mine|yours)\b|\bwho (gets|wins|won|loses|lost) (the )?(point|rally)\b/g,
    'whosepoint',
  ],
  // Whose fault a question asks about, said one way (docs/decisions/0216): "a fault on us", "is that
  // against us", "are we at fault", "do we lose the point", "their point", "a point for them" are
  // "our fault"; "a fault on them", "our point", "a point for us", "do we get the point" are "their
  // fault".
  [
    new RegExp(
      `\\b(a )?fault ${ON} ${US}\\b|\\b(a )?point (for|to) ${THEM}\\b|\\b(their|his|her) point\\b|${ON_IT}${US}\\b|` +
        `\\b${LOSE}(we|i) ${LOSES}|\\b(we|i) ${BE} ${BLAME}|\\b${BE} (we|i) ${BLAME}|\\b${WIN}${THEY} ${WINS}`,
      'g',
    ),
    'our fault',
  ],
  [
    new RegExp(
      `\\b(a )?fault ${ON} ${THEM}\\b|\\b(a )?point (for|to) ${US}\\b|\\b(our|my) point\\b|${ON_IT}${THEM}\\b|` +
        `\\b${WIN}(we|i) ${WINS}|\\b${LOSE}${THEY} ${LOSES}|\\b${BE} ${THEY} ${BLAME}`,
      'g',
    ),
    'their fault',
  ],
  // The ball hitting the player asking: "it hit me", "the ball hits my body"; "we got hit", a foot, a
  // leg: the body too (docs/decisions/0216).
  [new RegExp(`\\b${HIT} (me|myself|us|my body|my ${BODY})\\b`, 'g'), '$1 my body'],
  [/\b(i|we) (got|get|gets|was|were|am|are|been|be) (hit|struck)\b/g, 'the ball hits my body'],
  [new RegExp(`\\b${HIT} (his|her|their) ${BODY}\\b`, 'g'), '$1 $2 body'],
  [new RegExp(`\\b${HIT} (my|our|the) (partner|opponent)s? ${BODY}\\b`, 'g'), '$1 my $3'],
  // The hand holding the paddle is one thing, apart from any other hand: 7.H leaves it out of the
  // ball hitting a player (docs/decisions/0220).
  // A finger or a thumb is the hand, and "it" that hits a hand is the ball: "it hit my finger" is
  // "the ball hit my hand" (0226).
  [/\b(fingers?|thumbs?|knuckles?)\b/g, 'hand'],
  [
    /\b(it|that) (hit|hits|struck|strikes|touched|touches) (my|his|her|their|your|our) (hands?)\b/g,
    'the ball $2 $3 $4',
  ],
  [
    /\b(my|his|her|their|your|our|(?:(?:my|our|the) )?(?:partner|opponent)s?) (hands?) (got|gets|was|is|were|been) (hit|struck)( by the ball)?/g,
    'the ball hit $1 $2',
  ],
  // ... and the other hand is one thing too: the ball hitting it is the ball hitting the player
  // (docs/decisions/0226). "My other hand" stays as it is: a player hits with it (11.B).
  [
    /\b(off|free|empty|non paddle|nonpaddle|non dominant) hand\b|\bhand (not|that is not|thats not|which is not) (holding|on|gripping) (the |my |his |her |their )?paddle\b/g,
    'offhand',
  ],
  [/\bpaddle hand\b|\bhand (holding|on|gripping) (the |my |his |her |their )?paddle\b/g, 'paddlehand'],
  // What a player wears counts as one thing (7.G, 7.H, 9.B): "my hat", "my sunglasses".
  [
    /\b(hats?|visors?|shirts?|sleeves?|shorts|skirts?|clothes|sunglasses|glasses|headbands?|towels?)\b/g,
    'clothing',
  ],
  [
    /\b(rolled|twisted|sprained|turned) (my|his|her|their|an?) (ankle|knee|wrist)\b|\b(hurt|hurts|injury|injuries|cramps?|cramping|cramped|bleeding|pulled a muscle)\b/g,
    'injured',
  ],
  [/\bweigh(s|t|ts)?\b/g, 'heavy'],
  // The top of the net is the net: "the ball hit the net tape", "a net cord" (docs/decisions/0208).
  [/\b(the )?top of the net\b|\bnet ?(tape|cord|band)s?\b/g, 'the net'],
  // A ball that trickles over the net goes over it.
  [/\b(dropped|drops|fell|falls|rolled|rolls|trickled|trickles|dribbled|dribbles) over\b/g, 'goes over'],
  // A light touch is a touch: "my shirt brushed the net", "the serve clipped the net".
  [/\b(brushed|grazed|tapped|nicked|clipped)\b/g, 'touched'],
  [/\b(brushes|grazes|taps|nicks|clips)\b/g, 'touches'],
  [/\b(brush|graze|tap|nick|clip|brushing|grazing|tapping|nicking|clipping)\b/g, 'touch'],
  [/\b(touch|touches|touched|touching) (net|post|posts)\b/g, '$1 the $2'],
  // A dink that touches the net is a shot like any other there (7.B): "dink" stays the kitchen's
  // word (9.F) everywhere else (docs/decisions/0188, 0215). "The net tape" reads "the the net" here.
  [/\b(dink|dinks|dinked)\b(?=( \w+){0,3}? (touch|touches|touched|hit|hits)( the)+ net\b)/g, 'shot'],
  [
    /\b((get|gets|step|steps|stepped|stepping|come|go|move|walk|be|am|are|is) (back )?out of (the )?kitchen|leav(e|es|ing) (the )?kitchen|exit(s|ing)? (the )?kitchen)\b/g,
    'leave kitchen',
  ],
  [
    /\b(bystanders?|spectators|crowd|fans?|audience|onlookers?|(people|someone|somebody|anyone) watching)\b/g,
    'spectator',
  ],
  // A player meeting the net touches it: "my partner hits the net", "she ran into the post". The ball
  // into the net is "intonet"; "I hit the net" most often says where the player's shot went, and is
  // left alone (docs/decisions/0198).
  [
    /\b(he|she|they|partners?|opponents?|receivers?|servers?) (hit|hits)( the)? (net|post|posts)\b/g,
    '$1 touches the $4',
  ],
  // ... and so does what they hold or wear: "my paddle hit the net", "my hat fell off and hit the net"
  // (docs/decisions/0216).
  [
    /\b(paddle|foot|hand|body|shoes?|clothing)((?: \w+){0,3}?) (hit|hits|hitting)( the)? (net|post|posts)\b/g,
    '$1$2 touches the $5',
  ],
  [
    /\b(run|runs|ran|running|walk|walks|walked|fall|falls|fell|falling|bump|bumps|bumped|crash|crashes|crashed) (into|in to) the (net|post|posts)\b/g,
    'touches the $3',
  ],
  [/\b(into|in) the net\b|\bnetted\b/g, 'intonet'],
  [/\bsingle game\b/g, '1 game'],
  [/\b(non|no) ?volley (zone )?line\b|\bnvz line\b|\bkitchen ?line\b/g, 'kitchen line'],
  [/\b(non|no) ?volley (zone|area)\b|\bnvz\b|\bkitchn\b|\bkichen\b|\bthe zone\b/g, 'kitchen'],
  [/\btime ?outs?\b|\btimeouts\b/g, 'timeout'],
  // Going into the kitchen, in any of the verbs players use: "step in", "walk into", "go in".
  [
    /\b(step|steps|stepping|stepped|walk|walks|walking|go|goes|going|went|run|runs|running|move|moves|moving|get|gets|enter|enters|entering|entered) (in |into |in to )?(the )?kitchen\b/g,
    'enter kitchen',
  ],
  [/\brac(k|qu)ets?\b|\bpaddles\b/g, 'paddle'],
  [/\bteammates?\b/g, 'partner'],
  // The players across the net, however they are named: "the other team is in the kitchen".
  [/\b(the )?(other|opposing) teams?\b/g, 'the opponents'],
  // ... or "the other guy": in doubles the other side's players (docs/decisions/0216).
  [/\b(the|that) other (guy|dude|girl|lady|man|woman|gal)s?\b|\b(my |the )?opps?\b/g, 'my opponent'],
  // A player hitting an opponent with the ball is the ball hitting them: "i hit my opponent with a
  // volley", "we pegged him" (docs/decisions/0216). With the serve, it is aiming it (above).
  [
    /\b(i|we) (hit|hits|peg|pegs|pegged|nail|nails|nailed|tag|tags|tagged) (my opponents?|the opponents|him|her|them)\b( with (the|my|a|an|our) (ball|shot|volley))?/g,
    'the ball hits $3',
  ],
  // A player's feet, not a length: "both feet", "my feet" (but "7 feet", "how many feet").
  [/\b(my|your|his|her|their|our|both) feet\b/g, '$1 foot'],
  // "Let it bounce first" is about the bounce, not about who is first.
  [/\b(bounce|bounces|bounced|bouncing) first\b/g, '$1'],
  [/\bout of the air\b|\bin the air\b|\bon the fly\b|\bbefore it bounces\b/g, 'volley'],
  // "Hit the ball before it bounces" is a volley, said in more words (docs/decisions/0198).
  [/\b(hit|hits|hitting|play|plays|playing|strike|strikes) (the ball |it )?volley\b/g, 'volley'],
  [/\bwherever\b/g, 'anywhere'],
  // "Caught" is catching it: "my opponent caught the ball before it landed out" (0226).
  [/\bcaught\b/g, 'catch'],
  [/\b2 times\b/g, 'twice'],
  [/\bcross ?court\b|\bdiagonally\b|\bacross\b/g, 'diagonal'],
  [/\b(switch|change|swap) (sides|ends|side|end)\b/g, 'switch ends'],
  [/\bservice\b/g, 'serve'],
  // The service court is "the box" to players: "the serve landed in the box" (0223).
  [/\b(serve |serving )?box(es)?\b/g, 'serve court'],
  [/\bpickle ?ball\b|\bpball\b/g, 'pickleball'],
  // "A pickleball" on its own is the ball: "how much does a pickleball weigh".
  [
    /\b(a|the|my|this|that|one) pickleball\b(?! (court|courts|game|games|match|paddle|paddles|rules?|players?|net|tournament))/g,
    '$1 ball',
  ],
  [/\b(ref|umpire|umpires|refs)\b/g, 'referee'],
  // The third shot of a rally is a moment of the rally, not a kind of shot.
  [/\b(third|3rd) (shot|ball|hit)s?\b/g, 'thirdshot'],
  // A groundstroke is a shot played after the bounce, never a volley (docs/decisions/0188, later).
  [/\b(groundstroke|ground stroke)s?\b/g, 'bounced shot'],
  // A lob is a shot too, and one players ask about by name: "can I hit a lob over the other team?"
  // (docs/decisions/0208).
  [/\b(lob|lobs|lobbed|lobbing)\b/g, 'lob shot'],
  [/\b(smash|overhead|slam|drive|forehand|backhand)s?\b/g, 'shot'],
  // A question for the meaning of a word: "what is a dink", "what counts as a volley".
  [
    /^(what is|what are|what counts as|define|meaning of|whats the meaning of|what is the meaning of)( a| an)?\b/g,
    'define',
  ],
  [/^what does (.+) mean$/g, 'define $1'],
  [/\bwin by (two|2)\b/g, 'win by 2'],
  [/\bside ?outs?\b/g, 'sideout'],
  [/\bout of bounds\b/g, 'outofbounds'],
  [
    /\b(play|played|playing|games? go|games? goes|game is|games are|play (a |the )?games?) (up )?to\b/g,
    'playto',
  ],
  // Where the game is played, however players say it, after "games go to" has been read: "rec
  // play", "open play", "casual games" are recreational play; "league play", "league games" league
  // play (docs/decisions/0185, 0188).
  [
    /\b(rec|recreational|casual|social|friendly|open|pickup|pick up) (play|games?|matches|match|pickleball)\b|\b(rec|recreational|recreationally)\b/g,
    'recreational',
  ],
  [/\bleagues?( (play|games?|matches|match|pickleball|nights?))?\b/g, 'league'],
  [/\bout calls?\b/g, 'line call'],
  [/\bfollow ?(through|thru)\b/g, 'follow through'],
  [/\bbounce it\b/g, 'bounce the ball'],
  // Having to do something, said one way: "does an out call have to be made" is "must".
  [/\b(have|has|had|need|needs) to\b|\b(supposed|required) to\b/g, 'must'],
  [/\bu\b/g, 'you'],
  [/\bn\b/g, 'and'],
  // "If were not serving" is "if we're not serving", typed without its apostrophe (0223).
  [/(?<=\b(if|when|while|whenever|as|since|because|cause|cuz) )were\b/g, 'we are'],
  [/\bw\b/g, 'with'],
  [/\br\b/g, 'are'],
  [/\bur\b/g, 'your'],
  [/\bim\b/g, 'i am'],
  [/\b(cant|cannot)\b/g, 'can not'],
  [/\bwont\b/g, 'will not'],
  [/\b(do|does|did|is|are|was|were|could|would|should|has|have|had)nt\b/g, '$1 not'],
  // "When you are not serving" is when the other team serves: a "not" that says which side, not
  // which way the question asks (docs/decisions/0188).
  [
    /\b(i|you|we)( am| are)? not (serving|the server|the serving team|the serving side|on serve)\b/g,
    'the opponents serve',
  ],
  [/\bnot (approved|accepted|confirmed|granted)\b|\b(denied|rejected|refused)\b/g, 'not valid'],
  // The side the serve comes to is receiving, however it is said: "when the other team serves",
  // "while they are serving", "on their serve", "when we are returning serve" (docs/decisions/0191).
  [
    /\b(when|while|as|whenever) (the opponents?|my opponents?|our opponents?|they) (serve|serves|are serving|is serving|are about to serve|is about to serve)\b|\b(on|for|during) (their|the opponents|my opponents|our opponents) serve\b|\b(when|while|as|if|whenever) (i am|we are|you are) (receiving|returning)( the)? serve\b|\b(when|while|as|if|whenever) (i am|we are|you are) receiving\b/g,
    'when receiving',
  ],
  // Where a player waits is where they stand: "stay back at the baseline", "wait at the kitchen line".
  [
    /\b(stay|stays|staying|wait|waits|waiting|line up|lines up)( back)? (at|behind|on|near|by) the\b/g,
    'stand $3 the',
  ],
]

const NUMBER_WORDS: Record<string, string> = {
  one: '1',
  two: '2',
  three: '3',
  four: '4',
  five: '5',
  six: '6',
  seven: '7',
  eight: '8',
  ten: '10',
  eleven: '11',
  fifteen: '15',
  twenty: '20',
}

// Lower case, apostrophes joined ("can't" -> "cant"), other marks as spaces, then the phrases.
export function canonical(text: string): string {
  let words = text
    .toLowerCase()
    .replace(/[’'`]/g, '')
    .replace(/\b(\d+)-(\d+)(-(\d+))?\b/g, (_m, a: string, b: string, _c, d?: string) =>
      [a, b, d].filter(Boolean).join(' '),
    )
    .replace(/[^a-z0-9.]+/g, ' ')
    .replace(/(?<!\d)\.|\.(?!\d)/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
  words = words
    .split(' ')
    .map((word) => NUMBER_WORDS[word] ?? word)
    .join(' ')
  words = words.replace(/\b20 1\b/g, '21')
  for (const [pattern, replacement] of PHRASES)
    words =
      typeof replacement === 'string'
        ? words.replace(pattern, replacement)
        : words.replace(pattern, replacement)
  return words.replace(/\s+/g, ' ').trim()
}
