export interface GlossaryTerm {
  term: string
  // Other names players use for the same thing.
  aliases?: string[]
  definition: string
}

// Pickleball words as we use them in the app, explained in plain language.
export const glossaryTerms: GlossaryTerm[] = [
  {
    term: 'ATP (around the post)',
    definition:
      'A shot that travels around the outside of the net post instead of over the net. It is legal and does not have to clear the height of the net, which makes it a spectacular reply to a sharply angled ball.',
  },
  {
    term: 'Bagel',
    definition: 'Winning a game without the other team scoring a point, for example 11–0.',
  },
  {
    term: 'Baseline',
    definition:
      'The line at the very back of the court. Serves are hit from behind it and must land in the diagonal service court, beyond the kitchen line.',
  },
  {
    term: 'Dead ball',
    definition:
      'A ball that is no longer in play because a fault was called, a point ended or play was stopped.',
  },
  {
    term: 'Dink',
    definition:
      'A soft shot hit from at or near the kitchen line that drops into the other team’s kitchen. Dinking rallies are a patient game of placement that waits for someone to pop the ball up.',
  },
  {
    term: 'Drive',
    definition:
      'A hard, fairly flat shot hit low over the net, usually from the back of the court, meant to keep the opponents back or force a weak reply.',
  },
  {
    term: 'Double bounce rule',
    aliases: ['Two-bounce rule'],
    definition:
      'After the serve, the ball must bounce once on each side before anyone may volley it: the receiving team lets the serve bounce, and the serving team lets the return bounce.',
  },
  {
    term: 'DUPR',
    definition:
      'Dynamic Universal Pickleball Rating: a rating calculated from match results, from about 2 for a beginner up to 8 for the best professionals, shown with decimals. The SUPR Builder and PlayDates use it to compare players and teams.',
  },
  {
    term: 'Erne',
    definition:
      'A volley hit by a player who has jumped over the corner of the kitchen, or run around it, so they strike the ball from outside the sideline right next to the net without touching the non-volley zone.',
  },
  {
    term: 'Fault',
    definition:
      'Any rule break that ends the rally, such as hitting the ball out, into the net, volleying from the kitchen or volleying before the ball has bounced once on each side.',
  },
  {
    term: 'Foot fault',
    definition:
      'A fault caused by where a foot lands: stepping on or over the baseline while serving, or into the kitchen while volleying.',
  },
  {
    term: 'Kitchen',
    aliases: ['Non-volley zone', 'NVZ'],
    definition:
      'The area that stretches 7 feet from the net on both sides. You may stand in it, but you may not hit a ball out of the air while touching it, including the line, and momentum after a volley must not carry you into it.',
  },
  {
    term: 'Kitchen line',
    definition:
      'The line that marks the back edge of the kitchen. Players move up to it to dink and volley; the line itself counts as part of the kitchen.',
  },
  {
    term: 'Let',
    definition:
      'A rally that is replayed without a point or fault, for example when a ball from another court rolls onto yours. Under current rules a serve that clips the net and lands in the correct box is simply played.',
  },
  {
    term: 'Lob',
    definition:
      'A high shot that sails over the heads of opponents at the net and lands deep in their court, forcing them to turn and run back.',
  },
  {
    term: 'Overhead smash',
    aliases: ['Overhead'],
    definition:
      'A hard downward shot hit from above the head, usually in reply to a lob or a ball popped up too high.',
  },
  {
    term: 'Poach',
    definition:
      'Crossing into your partner’s side of the court to take a ball they would normally hit, usually to finish the point with a volley.',
  },
  {
    term: 'Rally scoring',
    definition:
      'A scoring system in which a point is won on every rally, whichever team served. Traditional pickleball uses side-out scoring, where only the serving team can score.',
  },
  {
    term: 'Reset',
    definition:
      'A soft shot that takes the pace off a hard ball and drops it into the kitchen, turning a fast exchange back into a neutral dinking rally.',
  },
  {
    term: 'Side out',
    definition:
      'The moment the serve passes to the other team. In doubles it happens after both partners on the serving team have lost their serve, except at the start of the game, when only one partner serves.',
  },
  {
    term: 'Stacking',
    definition:
      'Lining partners up on the same side before a point so that each player stays on their preferred side of the court, for example to keep a strong forehand in the middle. It is legal as long as the right player serves and receives.',
  },
  {
    term: 'SUPR Builder',
    definition:
      'Our team builder: the captain plus chosen players, each counted at their DUPR minus any reductions, checked against a maximum combined DUPR.',
  },
  {
    term: 'Third-shot drop',
    definition:
      'A soft shot hit by the serving team on the third shot of the rally, arcing into the opponents’ kitchen so the servers have time to move forward to the kitchen line.',
  },
  {
    term: 'Transition zone',
    definition:
      'The middle of the court between the baseline and the kitchen line, where players pass through on their way to the net. Balls often land at your feet here.',
  },
  {
    term: 'Volley',
    definition:
      'Hitting the ball out of the air before it bounces. Volleys are only allowed from outside the kitchen.',
  },
  {
    term: 'Speed-up',
    definition:
      'A sudden hard shot aimed at an opponent during a soft exchange, trying to catch them unready.',
  },
  {
    term: 'Body bag',
    definition:
      'Hitting an opponent with the ball. It wins the point for the hitter; good etiquette is to apologise when it was not intended.',
  },
  {
    term: 'Nasty Nelson',
    definition:
      'A serve aimed at the receiver’s partner standing near the kitchen. If it hits them before bouncing, the serving team wins the point.',
  },
  {
    term: 'Carry',
    definition:
      'Hitting the ball so it rests on the paddle face and is slung rather than struck cleanly. It is allowed as long as it happens within one continuous stroke.',
  },
  {
    term: 'Drop serve',
    definition:
      'A serve where the ball is dropped and hit after it bounces. Unlike the volley serve, it has no limits on paddle motion or contact height.',
  },
  {
    term: 'Split step',
    definition:
      'A small hop onto both feet just as the opponent hits, so you are balanced and ready to move in either direction.',
  },
  {
    term: 'Shake and bake',
    definition:
      'A doubles play in which one partner drives the third shot while the other crashes the net to volley the weak reply.',
  },
  {
    term: 'Skinny singles',
    definition:
      'A practice game for two in which each player uses only half the court, split lengthwise, so it plays like doubles without partners.',
  },
]

export const sortedGlossaryTerms = [...glossaryTerms].sort((a, b) =>
  a.term.localeCompare(b.term, 'en', { sensitivity: 'base' }),
)

export const termAnchor = (term: string) =>
  term
    .toLowerCase()
    .replace(/\(.*?\)/g, '')
    .trim()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
