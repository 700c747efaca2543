import { describe, expect, it } from 'vitest'
import { refereeMessages } from '../../../domain/referee/referee.rules'
import { citedRules } from './referee.curated'
import { firstAnswer as first } from './referee.test-answers'
import { followUpAsRead, metIn, roleOf, volleyAsRead } from './referee.followup'

// Follow-ups that say who does what, that let the ball bounce, that name a kind of shot or the
// setting of the game (docs/decisions/0185, 0188).

const PARTNER_IN_KITCHEN = [
  'My partner is in the kitchen, can I volley?',
  'can I volley if my partner is in the kitchen?',
]

describe('what the other player of the earlier question does', () => {
  it('reads whether a follow-up has them act or has something happen to them', () => {
    expect(roleOf('my partner volleys it', 'partner')).toBe('acts')
    expect(roleOf('my partner then hits it', 'partner')).toBe('acts')
    expect(roleOf('it hits my partner', 'partner')).toBe('undergoes')
    expect(roleOf('my partner gets hit', 'partner')).toBe('undergoes')
    expect(roleOf('my partner is only on the line', 'partner')).toBeUndefined()
    expect(roleOf('my partner stays in there', 'partner')).toBeUndefined()
    expect(roleOf('my partner never leave kitchen', 'partner')).toBeUndefined()
  })

  it('asks what they do as of the player asking, where the earlier question put them', () => {
    const { asked, context, restated } = followUpAsRead('what if she volleys it?', PARTNER_IN_KITCHEN[1])
    expect(asked).toBe('i volleys it i is in the kitchen')
    expect(context).toBeUndefined()
    expect(restated).toBe('acts')
  })

  it.each(PARTNER_IN_KITCHEN)(
    'after "%s", the partner volleying from the kitchen is a fault on the team: No (9.A)',
    (earlier) => {
      for (const question of [
        'what if she volleys it?',
        'what if my partner volleys it?',
        'what if she does it?',
      ]) {
        const summary = first(question, earlier)
        expect(summary).toMatch(
          /^No: that is your partner's fault, and so your team's: every volley must start outside the non-volley zone \(9\.A\)/,
        )
        expect(summary).toContain('even with their follow-through')
      }
    },
  )

  it.each(PARTNER_IN_KITCHEN)(
    'after "%s", the ball hitting the partner is a fault on the team, said of the partner (7.H)',
    (earlier) => {
      for (const question of [
        'what if it hits her?',
        'what if the ball hits my partner?',
        'what if she gets hit?',
      ])
        expect(first(question, earlier)).toBe(
          'If the ball in play hits your partner, or anything they wear or carry other than their paddle and the hand holding it, your side commits a fault, wherever they stand (7.H).',
        )
    },
  )

  it.each(PARTNER_IN_KITCHEN)(
    'after "%s", the partner hitting the ball depends on whether it bounced (9.F, 9.A)',
    (earlier) => {
      for (const question of ['what if she hits it?', 'what if my partner hits it?'])
        expect(first(question, earlier)).toMatch(
          /^It depends on whether the ball bounced: your partner may play a ball that has bounced .*\(9\.F\), but hitting it there before it bounces is a volley, and a fault on your side \(9\.A\)/,
        )
    },
  )

  it('applies the same reading to other verbs and other players', () => {
    for (const question of ['what if my partner touches the net?', 'what if her paddle touches the net?'])
      expect(first(question, PARTNER_IN_KITCHEN[1])).toMatch(
        /^No: that is your partner's fault, and so your team's: touching the net.*with their body.*\(7\.G\)/,
      )
    expect(first('what if it hits him?', 'can the receiver volley the serve?')).toMatch(
      /^If the serve hits the receiver.*\(4\.A\)/,
    )
  })

  it('leaves the partner rule alone for where the partner is or stays', () => {
    for (const question of ['what if she is only on the line?', 'what if she stays in there?'])
      expect(first(question, PARTNER_IN_KITCHEN[1])).toMatch(/^Yes: .*\(9\.H\)/)
  })
})

describe('a partner the earlier question did not name', () => {
  const ON_THE_LINE = [
    'Can I volley while standing on the kitchen line?',
    'Can I volley while standing in the kitchen?',
  ]

  it('takes over the act, the player asking staying where the earlier question put them', () => {
    const { asked, context, restated, other } = followUpAsRead(
      'what if my partner volleys it?',
      ON_THE_LINE[0],
    )
    expect(asked).toBe('i volleys it can volley my partner standing on the kitchen line')
    expect(context).toBeUndefined()
    expect([restated, other]).toEqual(['acts', 'partner'])
  })

  it.each(ON_THE_LINE)('after "%s", the partner may volley from outside: Yes (9.H)', (earlier) => {
    for (const question of ['what if my partner volleys it?', 'what if my teammate volleys it instead?'])
      expect(first(question, earlier)).toBe(
        'Yes: your partner may volley while you stand in the non-volley zone, as long as they do not touch the zone themselves (9.H).',
      )
  })

  it('does the whole of the earlier act for "does it": a fault on the team (9.A)', () => {
    expect(first('what if my partner does it?', ON_THE_LINE[1])).toMatch(
      /^No: that is your partner's fault, and so your team's: every volley must start outside .*\(9\.A\)/,
    )
  })

  it('applies to other acts and to an opponent, the earlier act naming what "it" is', () => {
    expect(first('what if my partner touches it?', 'Can I touch the net?')).toMatch(
      /^No: that is your partner's fault, and so your team's: touching the net.*their body.*\(7\.G\)/,
    )
    expect(first('what if my opponent touches it?', 'can I touch the net during a rally?')).toMatch(
      /^No: that is your opponent's fault, so your side wins the rally \(a point if your side is serving\): .*\(7\.G\)/,
    )
  })

  it('leaves a follow-up alone when the earlier question named someone else', () => {
    expect(
      followUpAsRead('what if my partner volleys it?', 'can the receiver volley the serve?').restated,
    ).toBe(undefined)
  })
})

// The same rule holds for an opponent: their volley from the kitchen is their fault, and the rally
// is won by the side asking (docs/decisions/0191).
describe('an opponent doing what the earlier question asked', () => {
  it.each([
    'Can I volley in the kitchen?',
    'is it legal to volley from inside the kitchen?',
    'Is volleying in the kitchen a fault?',
  ])('after "%s", an opponent volleying from the kitchen loses the rally (9.A, 9.B)', (earlier) => {
    for (const question of [
      'what if my opponent volleys it?',
      'what if the other team volleys it?',
      'and if my opponent does it?',
      'what if my opponents volley from the kitchen?',
    ])
      expect(first(question, earlier)).toMatch(
        /^(Yes: a fault by your opponent|No: that is your opponent's fault), so your side wins the rally \(a point if your side is serving\): every volley must start outside the non-volley zone \(9\.A\).* momentum .*\(9\.B\)\.$/,
      )
  })
})

describe('a ball that bounces first', () => {
  it('is not volleyed: the earlier volley is read as playing the ball', () => {
    expect(volleyAsRead('what if it bounces first?', 'can I volley if my partner is in the kitchen?')).toBe(
      'can i play after the bounce if my partner is in the kitchen',
    )
    expect(volleyAsRead('what if it bounces?', 'can my partner hit the ball in the kitchen?')).toBe(
      'can my partner play after the bounce the ball in the kitchen',
    )
    expect(volleyAsRead('what if she is on the line?', 'can I volley?')).toBeUndefined()
    expect(volleyAsRead('what if it bounces?', 'how long is a timeout?')).toBeUndefined()
  })

  it.each(PARTNER_IN_KITCHEN)('after "%s" may be played from the kitchen: Yes (9.F)', (earlier) => {
    expect(first('what if it bounces first?', earlier)).toMatch(/^Yes: .*\(9\.F\)/)
  })

  it('keeps the two-bounce rule where letting it bounce is the rule', () => {
    expect(first('what if it bounces first?', 'can the receiver volley the serve?')).toMatch(
      /^Yes: .*\(7\.A\)/,
    )
  })
})

describe('a stroke that need not be a volley', () => {
  it('reads the earlier volley as hitting the ball, bounced or not', () => {
    expect(volleyAsRead('what if I hit it?', 'can I volley in the kitchen?')).toBe(
      'can i hit the ball in the kitchen',
    )
    expect(volleyAsRead("what if it's a dink?", 'can I volley on the kitchen line?')).toBe(
      'can i hit the ball on the kitchen line',
    )
    expect(volleyAsRead('what if it hits the net?', 'can I volley in the kitchen?')).toBeUndefined()
    expect(volleyAsRead('what if I volley it?', 'can I volley in the kitchen?')).toBeUndefined()
  })

  it.each(['Can I volley while standing in the kitchen?', 'can I volley in the kitchen?'])(
    'after "%s", hitting the ball depends on whether it bounced (9.F, 9.A)',
    (earlier) => {
      for (const question of ['what if I hit it?', 'what if I just hit it?'])
        expect(first(question, earlier)).toMatch(
          /^It depends on whether the ball bounced: .*bounced .*\(9\.F\).*before it bounces is a volley, and a fault .*\(9\.A\)/,
        )
    },
  )

  it.each(['Can I volley while standing in the kitchen?', 'can I volley on the kitchen line?'])(
    'after "%s", a dink is most often played after the bounce: Yes, but not volleyed',
    (earlier) => {
      for (const question of ["what if it's a dink?", 'what if I dink it?'])
        expect(first(question, earlier)).toMatch(
          /^Yes: a dink that has bounced may be played from inside the non-volley zone.*\(9\.F\); a dink hit there before it bounces is a volley, and still a fault \(9\.A\)/,
        )
    },
  )

  it('keeps the earlier rule for a dink where the dink changes nothing: the return', () => {
    expect(first("what if it's a dink?", 'can I volley the return?')).toMatch(/^No: .*\(7\.A\)/)
  })

  it.each(PARTNER_IN_KITCHEN)(
    'after "%s", a dink is answered as for the player: bounced from the kitchen, Yes (9.F); volleyed there, a fault (9.A)',
    (earlier) => {
      for (const question of ["what if it's a dink?", 'what if I dink it?'])
        expect(first(question, earlier)).toMatch(
          /^Yes: a dink that has bounced may be played from inside the non-volley zone.*\(9\.F\); a dink hit there before it bounces is a volley, and still a fault \(9\.A\)/,
        )
    },
  )
})

describe('a thing the ball meets', () => {
  it('reads what the follow-up has the ball meet, not a player or the ball itself', () => {
    expect(metIn('what if it hits the net?')).toEqual({ verb: 'hits', thing: 'net' })
    expect(metIn('what if the serve lands on the kitchen line?')).toEqual({
      verb: 'lands',
      thing: 'kitchen line',
    })
    expect(metIn('what if it clips the post first?')).toEqual({ verb: 'touches', thing: 'post' })
    expect(metIn('what if I hit it?')).toBeUndefined()
    expect(metIn('what if I hit the ball?')).toBeUndefined()
    expect(metIn('what if it bounces first?')).toBeUndefined()
  })

  it.each([
    [
      'What if it hits the net?',
      'Can I serve underhand?',
      /^Yes: a serve that touches the net .*is in play.*\(4\.A\)/,
    ],
    ['what if it clips the net?', 'can I serve overhand?', /^Yes: a serve that touches the net .*\(4\.A\)/],
    [
      'what if it hits the line?',
      'Can I serve underhand?',
      /^Yes: a serve that lands on the baseline.*\(4\.A, 6\.B\)/,
    ],
    [
      'what if it hits the kitchen line?',
      'Can I serve underhand?',
      /^No: a serve that touches the non-volley line .*\(6\.B\)/,
    ],
    ['what if it hits the post?', 'Can I serve underhand?', /^No: .*net post.*\(7\.J\)/],
  ])('"%s" after "%s" asks about what it meets, not the earlier topic', (question, earlier, answer) => {
    expect(first(question, earlier)).toMatch(answer)
  })
})

describe('a kind of shot', () => {
  it.each([
    ["what if it's a smash?", 'can I volley the return?', /^No: the return of serve must bounce.*\(7\.A\)/],
    ['what if it is a lob?', 'can I volley the return?', /^No: .*\(7\.A\)/],
    ["what if it's a smash?", 'can the receiver volley the serve?', /^No: .*\(7\.A\)/],
    ['what if it is a drive?', 'Can I volley while standing in the kitchen?', /^No: .*\(9\.A\)/],
    ["what if it's a smash?", 'can I volley if my partner is in the kitchen?', /^Yes: .*\(9\.H\)/],
  ])('"%s" after "%s" keeps the rule', (question, earlier, answer) => {
    expect(first(question, earlier)).toMatch(answer)
  })

  it.each([
    ["what if it's a groundstroke?", 'Can I volley while standing in the kitchen?'],
    ['what if it is a ground stroke?', 'can I volley in the kitchen?'],
    ['what if I hit a groundstroke?', 'can I volley on the kitchen line?'],
    ['what about a forehand off the bounce?', 'Can I volley while standing in the kitchen?'],
    ["what if it's a groundstroke?", 'can I volley if my partner is in the kitchen?'],
  ])('"%s" after "%s" is a hit after the bounce: Yes (9.F)', (question, earlier) => {
    expect(first(question, earlier)).toMatch(
      /^Yes: a ball that has bounced may be played from inside the non-volley zone.*\(9\.F\)/,
    )
  })

  it('does not make "the third shot" a kind of shot', () => {
    expect(first('can i volley the 3rd shot')).toMatch(/^Yes: .*third shot \(7\.A\)/)
  })
})

describe('recreational play', () => {
  it.each([
    ['and in rec play?', 'can I volley the return?', /^No: .*\(7\.A\)/],
    ['and in rec play?', 'can I volley if my partner is in the kitchen?', /^Yes: .*\(9\.H\)/],
    ['what about in recreational games?', 'what do you play to?', /^11 points, win by 2: .*\(4\)/],
    [
      'and in open play?',
      'how many timeouts do you get per game?',
      /^Two per game, three in a game to 21: .*\(10\.A\)/,
    ],
  ])('"%s" after "%s" keeps the answer, the rules being the same', (question, earlier, answer) => {
    const summary = first(question, earlier)
    expect(summary).toMatch(answer)
    expect(summary.endsWith(refereeMessages.sameInRecreational)).toBe(true)
  })

  it('says a rule set for tournaments says nothing of rec play, without a Yes or No', () => {
    const summary = first('and in rec play?', 'how many games in a match?')
    expect(summary).toMatch(/^For tournaments the recommended match .*\(12\.B\)/)
    expect(summary.endsWith(refereeMessages.tournamentsOnly)).toBe(true)
    expect(first('and in rec play?', 'do you have to use an approved ball?')).not.toMatch(/^(Yes|No)\b/)
  })

  it('answers a first question about rec play by the rules', () => {
    expect(first('who makes the line calls in rec play')).toMatch(/\(6\.C\.1\)\.$/)
  })
})

describe('league play', () => {
  it.each([
    ['in league play?', 'can I volley the return?', /^No: .*\(7\.A\)/],
    [
      'and in league games?',
      'how many timeouts do you get per game?',
      /^Two per game, three in a game to 21: .*\(10\.A\)/,
    ],
    ['what about league play?', 'what do you play to?', /^11 points, win by 2: .*\(4\)/],
    ['in a league?', 'can I volley if my partner is in the kitchen?', /^Yes: .*\(9\.H\)/],
  ])('"%s" after "%s" keeps the answer, the rules being the same', (question, earlier, answer) => {
    const summary = first(question, earlier)
    expect(summary).toMatch(answer)
    expect(summary.endsWith(refereeMessages.sameInLeague)).toBe(true)
  })

  it('is organised play, where a rule set for tournaments applies, its Yes or No kept', () => {
    const match = first('and in league play?', 'how many games in a match?')
    expect(match).toMatch(/^Best two out of three: .*\(12\.B\)/)
    expect(match.endsWith(refereeMessages.leagueAsTournaments)).toBe(true)
    const ball = first('in league games?', 'do you have to use an approved ball?')
    expect(ball).toMatch(/^Yes: .*tournaments use an approved ball \(2\.D\)/)
    expect(ball.endsWith(refereeMessages.leagueAsTournaments)).toBe(true)
  })

  it('is read like rec play, a bare "in ...?" being a follow-up too', () => {
    expect(first('in rec play?', 'can I volley the return?')).toMatch(
      new RegExp(`^No: .*\\(7\\.A\\)\\. ${refereeMessages.sameInRecreational}$`),
    )
  })
})

// A follow-up naming only a player asks the earlier question of them, read as a first question
// would be (docs/decisions/0198).
describe('a follow-up naming only a player, after a question about a player acting', () => {
  const PARTNER_VOLLEYS = 'Can my partner volley in the kitchen?'

  it.each(['What about her?', 'and her?', 'what about my partner?', 'same for my teammate?'])(
    'stays on the partner volleying for "%s": No, their fault (9.A)',
    (question) => {
      expect(first(question, PARTNER_VOLLEYS)).toMatch(
        /^No: that is your partner's fault, and so your team's: every volley must start outside the non-volley zone \(9\.A\)/,
      )
    },
  )

  it.each([
    'what about my opponent?',
    'and the other team?',
    'what about the opponents?',
    'and if its my opponent?',
  ])('asks it of the opponent for "%s": No, their fault, the rally won (9.A)', (question) => {
    expect(first(question, PARTNER_VOLLEYS)).toMatch(
      /^No: that is your opponent's fault, so your side wins the rally \(a point if your side is serving\): every volley must start outside the non-volley zone \(9\.A\)/,
    )
  })

  it('asks it of the player asking for "what about me?": No (9.A)', () => {
    expect(first('what about me?', PARTNER_VOLLEYS)).toMatch(
      /^No: every volley must start outside .*\(9\.A\)/,
    )
  })

  it('writes the question out for the player named, the rest as asked', () => {
    expect(followUpAsRead('what about my partner?', 'Can I stand anywhere when I serve?')).toMatchObject({
      question: 'can my partner stand anywhere when i serve',
      context: undefined,
    })
    expect(followUpAsRead('what about my opponent?', PARTNER_VOLLEYS)).toMatchObject({
      asked: 'can i volley in the kitchen',
      restated: 'acts',
      other: 'opponent',
    })
  })

  it.each([
    ['what about my partner?', 'Can I stand anywhere when I serve?'],
    ['and my partner?', 'do I have to stand behind the baseline when I serve?'],
  ])('"%s" after "%s" asks where the server\'s partner may stand (4.B)', (question, earlier) => {
    expect(first(question, earlier)).toMatch(
      /^(Yes|No): while you serve, your partner may stand anywhere .*\(4\.B\)/,
    )
  })
})

describe('a first question about what another player does, asked "what if"', () => {
  it('asks whether they may: "what if my partner volleys in the kitchen?" (9.A)', () => {
    expect(first('What if my partner volleys in the kitchen?')).toMatch(/^No: that is your partner's fault/)
    expect(first('Can my opponent stand in the kitchen?')).toMatch(
      /^Yes: your opponent may enter the non-volley zone at any time except while volleying \(9\.E\)/,
    )
  })
})

// Two-turn conversations typed at the courts: a follow-up naming only a player after a question of
// any shape, wherever its player stands in it (docs/decisions/0202).
describe('a question and its follow-up, as players type them', () => {
  it.each([
    [
      'is it a fault if my partner steps in the kitchen when she volleys',
      'what about my opponent',
      'yes',
      ['9.B'],
      ['opponent'],
    ],
    ['what happens if my partner touches the net', 'what about me', null, ['7.G'], []],
    ['what happens if the ball hits my opponent', 'what about my partner', null, ['7.H'], ['partner']],
    ['can i volley the serve', 'what about the return', 'no', ['7.A'], []],
    ['how many timeouts do we get', 'and in a game to 21', null, ['10.A'], ['three']],
    ['how long is a timeout', 'what about a medical timeout', null, ['10.B.2'], ['15 minutes']],
    ['who calls the lines', 'what if my partner and i disagree', null, ['6.C.8'], []],
    ['is the ball in if it lands on the line', 'what about on the serve', null, ['6.B'], []],
    ['can i serve underhand', 'what if it hits the net', 'yes', ['4.A'], []],
    ['how long can my partner stay in the kitchen', 'what about me', null, ['9.F'], []],
  ] as const)('after "%s", "%s"', (earlier, question, answer, rules, facts) => {
    const summary = first(question, earlier)
    if (answer) expect(summary).toMatch(new RegExp(`^${answer === 'yes' ? 'Yes' : 'No'}\\b`))
    expect(citedRules(summary)).toEqual(expect.arrayContaining([...rules]))
    for (const fact of facts) expect(summary.toLowerCase()).toContain(fact.toLowerCase())
  })
})

// A follow-up naming a new player after a question about "she" or "he": "him" after a question about
// a partner called "she" is an opponent (a side has one partner), and the earlier pronouns are the
// player named (docs/decisions/0208).
describe('a new player named after a question about "she" or "he"', () => {
  const SHE_STEPS_IN = 'is it a fault if my partner steps in the kitchen when she volleys'

  it('writes the earlier pronouns out as the player named', () => {
    expect(followUpAsRead('what about my opponent?', SHE_STEPS_IN).question).toBe(
      'is it a fault if my opponent enter kitchen when my opponent volleys',
    )
    expect(followUpAsRead('what about me?', SHE_STEPS_IN).question).toBe(
      'is it a fault if i enter kitchen when i volleys',
    )
    expect(
      followUpAsRead('and her?', 'is it a fault if my partner touches the net with his paddle').question,
    ).toBe('is it a fault if my opponent touches the net with my opponents paddle')
  })

  it.each([
    [
      'what about him?',
      SHE_STEPS_IN,
      /^Yes: a fault by your opponent, so your side wins the rally .*\(9\.B\)/,
    ],
    ['and him?', SHE_STEPS_IN, /^Yes: a fault by your opponent/],
    [
      'what about her?',
      'is it a fault if my partner steps in the kitchen when he volleys',
      /^Yes: a fault by your opponent/,
    ],
    [
      'and her?',
      'is it a fault if my partner touches the net with his paddle',
      /^Yes: a fault by your opponent.*\(7\.G\)/,
    ],
    [
      'what about him?',
      'how long can my partner stay in the kitchen if she is dinking',
      /^Your opponent may enter the non-volley zone .*\(9\.E\)/,
    ],
    // Not only a follow-up naming nobody but the player: one that has him act (docs/decisions/0215).
    [
      'what if he volleys it?',
      SHE_STEPS_IN,
      /^Yes: a fault by your opponent, so your side wins the rally .*\(9\.B\)/,
    ],
    [
      'what if he volleys it?',
      'Can my partner volley if she is in the kitchen?',
      /^No: that is your opponent's fault, so your side wins the rally .*\(9\.A\)/,
    ],
    [
      'what if he does it?',
      'is it a fault if my partner touches the net with her paddle',
      /^Yes: a fault by your opponent.*\(7\.G\)/,
    ],
  ])('"%s" after "%s" speaks of the opponent', (question, earlier, answer) => {
    expect(first(question, earlier)).toMatch(answer)
  })

  it('stays on the player named for the same pronoun, or when the earlier question said none', () => {
    expect(first('what about her?', SHE_STEPS_IN)).toMatch(
      /^Yes: a fault by your partner, and so by your team/,
    )
    expect(first('what about him?', 'Can my partner volley in the kitchen?')).toMatch(
      /^No: that is your partner's fault/,
    )
    expect(first('what if she volleys it?', SHE_STEPS_IN)).toMatch(/^Yes: a fault by your partner/)
    expect(first('what if he volleys it?', 'Can my partner volley in the kitchen?')).toMatch(
      /^No: that is your partner's fault/,
    )
  })
})

// Touching the net in play is a fault of its own, whatever the earlier question asked; "him" with no
// one named before is a player on either side (docs/decisions/0216).
describe('a follow-up about the net, or about a player no one named', () => {
  it.each(PARTNER_IN_KITCHEN)('after "%s", an opponent touching the net is their fault (7.G)', (earlier) => {
    for (const question of ['What if my opponent touches the net?', 'what if the other team touches the net'])
      expect(first(question, earlier)).toMatch(
        /^No: that is your opponent's fault, so your side wins the rally.*\(7\.G\)/,
      )
    expect(first('what if I touch the net?', earlier)).toMatch(/^Touching the net.*\(7\.G\)/)
  })

  it('answers it yes or no the way the earlier question was asked', () => {
    expect(
      first(
        'what if my opponent touches the net',
        'is it a fault if my partner is in the kitchen when I volley',
      ),
    ).toMatch(/^Yes: a fault by your opponent.*\(7\.G\)/)
    expect(first('and if my opponent touches the net?', 'can my partner stand in the kitchen')).toMatch(
      /^No: that is your opponent's fault.*\(7\.G\)/,
    )
  })

  it('keeps the earlier question about the net', () => {
    expect(
      first('what if my partner touches the net?', 'can I touch the net after the point is over?'),
    ).toMatch(/\(7\.G\).*\(8\)/)
  })

  it('answers "what if the ball hits him?" for either side when no one was named', () => {
    expect(first('what if the ball hits him', 'can I volley in the kitchen')).toMatch(
      /^It depends on whose side the player is on: .*\(7\.H\)/,
    )
    expect(first('what if the ball hits her?', PARTNER_IN_KITCHEN[1])).toMatch(
      /^If the ball in play hits your partner/,
    )
  })
})

describe('a follow-up about the player the ball hit', () => {
  it('keeps the ball hitting them, said of them, wherever they stood', () => {
    expect(first('what if he was standing out of bounds', 'ball hit my partner')).toMatch(
      /^If the ball in play hits your partner, .* your side commits a fault, wherever they stand \(7\.H\)/,
    )
    expect(first('what if he is in the kitchen', 'ball hit my partner')).toMatch(
      /^If the ball in play hits your partner/,
    )
    expect(first('what if she was in the kitchen', 'the ball hit my opponent')).toMatch(
      /^If the ball in play hits your opponent, .* their side commits a fault/,
    )
  })

  it('asks "what about him?" after the ball hit the player asking of a player on either side', () => {
    expect(first('what about him', 'the ball hit me')).toMatch(/^It depends on whose side the player is on/)
    expect(first('and her?', 'the ball hit me, is that our fault')).toMatch(/^It depends on whose side/)
    // Not after a question where the ball hit no one.
    expect(first('what about her', 'is it a fault if I touch the net')).toMatch(/^Yes: .*\(7\.G\)/)
  })
})

// A net touch asked of another player after a question naming the player's own paddle, and a "what
// if" asked first about an act that is no fault (docs/decisions/0220).
describe('touching the net, asked of another player', () => {
  const PADDLE_AFTER_HIT = 'can i touch the net with my paddle after i hit the ball'

  it.each(['what if it was my partner', 'what about my partner?', 'and my partner?'])(
    '"%s" after a question about the player\'s own paddle is their fault (7.G)',
    (question) => {
      expect(first(question, PADDLE_AFTER_HIT)).toMatch(
        /^No: that is your partner's fault, and so your team's.*\(7\.G\)/,
      )
    },
  )

  it('says of an opponent that the player asking wins the rally', () => {
    expect(first('what if it was my opponent', PADDLE_AFTER_HIT)).toMatch(
      /^No: that is your opponent's fault, so your side wins the rally.*\(7\.G\)/,
    )
    expect(first('can my partner touch the net after i hit the ball')).toMatch(
      /^No: that is your partner's fault/,
    )
  })

  it('says first that a touch after the ball is dead is no fault, with no Yes before it', () => {
    for (const question of [
      'what if my partner touches the net after the ball is dead',
      'what if my opponent touches the net after the point is over?',
    ])
      expect(first(question)).toMatch(
        /^Touching the net once the ball is dead is not a fault; .*\(7\.G\).*\(8\)/,
      )
    expect(first('is it a fault if my partner touches the net after the ball is dead')).toMatch(
      /^No: touching the net once the ball is dead is not a fault/,
    )
    // After "can I ...?", the follow-up asks whether the partner may, and the answer says why.
    expect(first('what if my partner touches the net after the ball is dead', 'can i touch the net')).toMatch(
      /^Yes: touching the net once the ball is dead is not a fault/,
    )
  })
})

// "His" paddle hand is his, whoever he is: the partner the earlier question named, or that player
// when no one was named (docs/decisions/0223).
describe('the ball hitting the paddle hand of a player a pronoun speaks of', () => {
  it('is said of the player named before, or of that player', () => {
    expect(first('what if it hit his paddle hand', 'the ball hit my partner')).toMatch(
      /^If the ball in play hits your partner, .* your side commits a fault/,
    )
    expect(first('the ball hit his paddle hand is that a fault')).toMatch(
      /^No: if the ball in play hits that player, .* their side commits a fault.*\(7\.H\)/,
    )
    // The player asking's own paddle hand stays theirs.
    expect(first('the ball hit my paddle hand is that a fault')).toMatch(/^No: if the ball in play hits you,/)
  })
})

// A ball going out that the partner hit: a follow-up having her do something else does that instead,
// the ball still going out; "what if she does it?" asks the hit again (docs/decisions/0226).
describe('a follow-up on a ball going out that a partner hit', () => {
  const earlier = 'my partner hit a ball that was going long, is that our fault'
  it('is asked of the act the follow-up names', () => {
    expect(first('what if she caught it', earlier)).toMatch(/^Yes: a fault by your partner, .*\(7\.H\)/)
    expect(first('what if she does it', earlier)).toMatch(/^The side that hit it loses the rally only if/)
  })
})
