import { describe, expect, it } from 'vitest'
import { refereeMessages } from '../../../domain/referee/referee.rules'
import { answerOffline } from './referee.answers'
import { citedRules, loadCuratedAnswers, withoutRuleNumbers } from './referee.curated'
import { earlierAsRead, withPronounsRead } from './referee.followup'
import { isFollowUp, shapeOf, subjectsOf } from './referee.question'
import { curatedAnswer as curated, firstAnswer as first } from './referee.test-answers'

describe('how a question is put', () => {
  it.each([
    ['Can I volley while standing in the kitchen?', 'yes-no'],
    ['My serve landed on the kitchen line. Is it in?', 'yes-no'],
    ['if my hat falls into the kitchen while volleying is it a fault', 'yes-no'],
    ['i volleyed and my follow through took me into the nvz, fault?', 'yes-no'],
    ['You can volley from the kitchen, right?', 'yes-no'],
    ['serve lands on the baseline, good or out?', 'choice'],
    ['How far is the kitchen line from the net?', 'open'],
    ['When do you switch sides?', 'open'],
    ['Can you tell me how high the net is?', 'open'],
    // Asked at the end of the story, with no mark between them (0226).
    ['its 10 10 does next point win', 'yes-no'],
    ['10 10 next point wins?', 'yes-no'],
    ['the serve is going out can i hit it', 'yes-no'],
    ['the serve hit the net where do i stand', 'open'],
    ['I got hurt how long can I take', 'open'],
  ])('"%s" is a %s question', (question, shape) => {
    expect(shapeOf(question)).toBe(shape)
  })

  it('knows a follow-up', () => {
    expect(isFollowUp('what if my partner is in the kitchen?')).toBe(true)
    expect(isFollowUp('and for a game to 15?')).toBe(true)
    expect(isFollowUp('how long is a time-out?')).toBe(false)
    // A few words saying only where or for whom (0188).
    for (const question of ['in league play?', 'in a tournament?', 'for doubles?'])
      expect(isFollowUp(question)).toBe(true)
    for (const question of ['in doubles who serves first?', 'on a serve can the ball hit the line?'])
      expect(isFollowUp(question)).toBe(false)
  })

  it.each([
    ["what if I'm in the kitchen too?", ['asker']],
    ['and if my feet are in the kitchen?', ['asker']],
    ['what about me?', ['asker']],
    ['what about myself?', ['asker']],
    ['what about my partner?', ['partner']],
    ['what if my teammate is in the kitchen?', ['partner']],
    ['can I volley if my partner is in the kitchen?', ['partner', 'asker']],
    ['and the other team?', ['opponent']],
    ['what if it hits my opponent?', ['opponent']],
    ['can the receiver volley the serve?', ['receiver']],
    ['what about the server?', ['server']],
    ['why does the game start with the second server?', []],
    ['what if it bounces first?', []],
    ['what if she is on the line?', []],
  ])('"%s" is about %j', (question, subjects) => {
    expect([...subjectsOf(question)]).toEqual(subjects)
  })

  it('reads the earlier question without its subject when a follow-up names someone else', () => {
    const earlier = 'can I volley if my partner is in the kitchen?'
    expect(earlierAsRead("what if I'm in the kitchen too?", earlier)).toBe(
      'can i volley if is in the kitchen',
    )
    expect(earlierAsRead('what about my opponent?', 'Can I volley while standing in the kitchen?')).toBe(
      'can volley while standing in the kitchen',
    )
    expect(earlierAsRead('what if my partner and I are both in it?', earlier)).toBe(
      'can i volley if my partner is in the kitchen',
    )
    // Naming no one, or "she" for the partner already named, keeps the earlier subject.
    expect(earlierAsRead('what if it bounces first?', earlier)).toBe(earlier)
    expect(earlierAsRead('what if she is on the line?', earlier)).toBe(earlier)
  })
})

describe('pronouns in a follow-up', () => {
  const earlier = 'can I volley if my partner is in the kitchen?'
  it.each([
    ['what if she is only on the line?', 'what if my partner is only on the line'],
    ["what if she's only on the line?", 'what if my partner is only on the line'],
    ["and if he's in the kitchen?", 'and if my partner is in the kitchen'],
    ['what if it hits her?', 'what if it hits my partner'],
    ["what if they're both feet out?", 'what if my partner are both foot out'],
  ])('"%s" after a question about the partner reads "%s"', (question, read) => {
    expect(withPronounsRead(question, earlier)).toBe(read)
  })

  it('reads them as the one other player the earlier question named, and only then', () => {
    expect(withPronounsRead('what if he does it?', 'can the receiver volley the serve?')).toBe(
      'what if the receiver does it',
    )
    expect(withPronounsRead('what if she does it?', 'Can I volley in the kitchen?')).toBe(
      'what if she does it?',
    )
    expect(withPronounsRead('what if he does it?', "can the server's partner volley the return?")).toBe(
      'what if he does it?',
    )
    expect(withPronounsRead('what if it bounces first?', earlier)).toBe('what if it bounces first?')
  })
})

describe('the first answer without a model', () => {
  it('opens with Yes or No, whichever way round the question asks', () => {
    expect(first('Can I volley in the kitchen?')).toMatch(/^No: /)
    expect(first("Can't I volley in the kitchen?")).toMatch(/^No: /)
    expect(first('Is it a fault to volley in the kitchen?')).toMatch(/^Yes: /)
    expect(first('Is it legal to volley from inside the NVZ?')).toMatch(/^No: /)
    expect(first('Is a ball on the line in?')).toMatch(/^Yes: /)
    expect(first('Is a ball on the line out?')).toMatch(/^No: /)
    expect(first('Is a ball on the line not in?')).toMatch(/^No: /)
    expect(first('Do you have to let the serve bounce?')).toMatch(/^Yes: /)
  })

  it('opens with the number a question asks for', () => {
    expect(first('how far is the kitchen line from the net')).toMatch(/^7 feet: .*\(2\.B\.3\)/)
    expect(first('How long is a timeout?')).toMatch(/^1 minute: /)
    expect(first('what do you play to?')).toMatch(/^11 points, win by 2: /)
    expect(first('Is the kitchen 7 feet?')).toMatch(/^Yes: .*7 feet/)
    // Not the curated "is a timeout 1 minute => yes": another number leaves no yes to give.
    expect(first('is a timeout 2 minutes')).toMatch(/^1 minute: /)
    expect(first('do timeouts last 60 seconds?')).toMatch(/^1 minute: /)
    expect(first('is a timeout 1 minute?')).toMatch(/^Yes: /)
  })

  it('forgives typos and knows the players’ words', () => {
    expect(first('can i vollley in the kitchn')).toMatch(/^No: .*\(9\.A\)/)
    expect(first('is it legal to dink from the non volley zone')).toMatch(/^Yes: .*\(9\.F\)/)
  })

  it('tells momentum into the kitchen after a volley from reaching over it', () => {
    expect(
      first('Can I volley from the kitchen if my feet are behind the line but my momentum carries me in?'),
    ).toMatch(/^No: .*momentum.*\(9\.B\)/)
    expect(first('is it ok if I fall into the kitchen after volleying from behind the line')).toMatch(
      /^No: .*9\.B\)/,
    )
    expect(first('Can I reach over the kitchen to volley if my feet are behind the line?')).toMatch(
      /^Yes: .*reach over.*\(9\.A\)/,
    )
  })

  it('leaves the rule numbers out when the player switched them off', () => {
    const { summary } = answerOffline('Can I volley in the kitchen?', { includeRuleNumbers: false })
    expect(summary).toMatch(/^No: every volley must start outside the non-volley zone, and/)
    expect(summary).not.toMatch(/\d\.[A-Z]/)
  })

  it('reads a follow-up in the light of the question before it', () => {
    const earlier = 'Can I volley while standing in the kitchen?'
    expect(first('what about my partner?', earlier)).toMatch(
      /^No: that is your partner's fault, and so your team's: every volley must start outside the non-volley zone \(9\.A\)/,
    )
    expect(first('what about my partner?')).not.toContain('9.A')
  })

  it.each([
    "what if I'm in the kitchen too?",
    'what if I am standing in the kitchen as well?',
    "what if I'm the one in the kitchen?",
    'and if my feet are in the kitchen?',
    'what about me, in the kitchen?',
    'what about me?',
  ])('after a question about the partner, "%s" asks it about the player: No (9.A)', (question) => {
    expect(first(question, 'can I volley if my partner is in the kitchen?')).toMatch(/^No: .*\(9\.A\)/)
  })

  it.each([
    'what if only my partner is in the kitchen?',
    'what if my teammate is in the kitchen?',
    "and if my partner's in the kitchen instead?",
  ])('after a question about the player, "%s" asks it about the partner: Yes (9.H)', (question) => {
    expect(first(question, 'Can I volley while standing in the kitchen?')).toMatch(/^Yes: .*\(9\.H\)/)
  })

  it.each(['what about my opponent?', 'and the other team?', 'what about the opponents, can they?'])(
    'after a question about the player, "%s" asks it about an opponent: the same rule (9.A)',
    (question) => {
      expect(first(question, 'Can I volley while standing in the kitchen?')).toMatch(/^No: .*\(9\.A\)/)
    },
  )

  it('keeps the earlier topic when a follow-up asks it about someone else', () => {
    const hitMe = 'the ball hit me before it bounced, whose fault?'
    expect(curated('what if it hits my opponent?', hitMe)).toBe('fault-ball-hits-player')
    expect(curated('what if it hits my partner?', hitMe)).toBe('fault-ball-hits-player')
    expect(curated('what if it hits me?', 'the ball hit my partner before it bounced, whose fault?')).toBe(
      'fault-ball-hits-player',
    )
    expect(curated('what about the server?', 'can the receiver volley the serve?')).toBe('volley-return')
    expect(curated('what if I do it?', 'can my partner step into the kitchen before the ball bounces?')).toBe(
      'kitchen-enter-early',
    )
  })

  it('keeps the earlier subject when a follow-up names no one else', () => {
    expect(first('and at the start of the game?', 'does my partner serve too?')).toMatch(/\(4\.B\)/)
    expect(curated('and at the start of the game?', 'does my partner serve too?')).toBe('serve-rotation')
    expect(
      first('what if it bounces first?', 'can my partner hit the ball while standing in the kitchen?'),
    ).toMatch(/^Yes: .*\(9\.F\)/)
    expect(first('what if my foot is on the line?', 'Can I volley in the kitchen?')).toMatch(/^No: .*9\.B\)/)
  })

  it.each([
    'can I volley if my opponent is in the kitchen?',
    'am I allowed to volley when the opponents are in the kitchen?',
    'is it legal to volley if my opponent is in the nvz?',
    'is it a fault to volley while my opponents are standing in their kitchen?',
  ])('"%s": only the volleying player’s place matters (9.A, 9.E)', (question) => {
    expect(first(question)).toMatch(/^(Yes|No): only where you stand matters.*\(9\.E\).*\(9\.A\)/)
    expect(first(question)).toMatch(/fault/.test(question) ? /^No/ : /^Yes/)
  })

  it.each([
    'what if my opponent is in the kitchen?',
    'and if the opponents are in the kitchen too?',
    'what about the other team in the kitchen?',
  ])('after a question about the partner, "%s" asks where the opponents stand: Yes', (question) => {
    expect(first(question, 'can I volley if my partner is in the kitchen?')).toMatch(/^Yes: .*\(9\.E\)/)
  })

  it.each([
    'what if she is only on the line?',
    "what if she's only on the line?",
    "and if he's just on the kitchen line?",
    "what if they're standing in it?",
  ])('after a question about the partner, "%s" is about the partner: Yes (9.H)', (question) => {
    expect(first(question, 'can I volley if my partner is in the kitchen?')).toMatch(/^Yes: .*\(9\.H\)/)
  })

  it.each([
    "what if it's a smash?",
    'what if it is a lob?',
    'and in a tournament?',
    'and if she never leaves it?',
    'what if she stays in there?',
  ])('after a question about the partner, "%s" stays on the partner rule: Yes (9.H)', (question) => {
    expect(first(question, 'can I volley if my partner is in the kitchen?')).toMatch(/^Yes: .*\(9\.H\)/)
  })

  it('stays on the earlier topic for a detail it does not change, and leaves it for a new topic', () => {
    expect(first('and in a tournament?', 'can the receiver volley the serve?')).toMatch(/^No: .*\(7\.A\)/)
    expect(first("what if it's a smash?", 'can the receiver volley the serve?')).toMatch(/^No: .*\(7\.A\)/)
    expect(first('and in a tournament?', 'does my partner serve too?')).toMatch(/^Yes: .*\(4\.B\)/)
    // A word the earlier topic's own rules answer leads there.
    expect(first('what if it bounces first?', 'Can I volley while standing in the kitchen?')).toMatch(
      /^Yes: .*\(9\.F\)/,
    )
    // After a question for a value, a new word asks for another value.
    expect(curated('and in a tournament?', 'what do you play to?')).toBe('match-length')
    expect(curated('what about a medical one?', 'how long is a timeout')).toBe('medical-timeout')
    expect(curated('what if my opponent is in the kitchen?', 'how long is a timeout?')).not.toMatch(
      /^timeout/,
    )
  })

  it('quotes the rule nearest to a follow-up and its earlier question when no curated answer fits', () => {
    const { summary, curated: id } = answerOffline("and if it's windy?", {
      earlier: 'can I volley if my partner is in the kitchen?',
      includeRuleNumbers: true,
    })
    expect(id).toBeNull()
    expect(summary).toMatch(/^No rule answers that directly\. The closest one says: .*partner.*\(9\.H\)/)
  })

  it.each([
    ['what if it bounces first?', 'can the receiver volley the serve?'],
    ['what if it bounced first?', 'can the receiver volley the serve?'],
    ['what if I let it bounce?', 'can the receiver volley the serve?'],
    ['what if it bounces first?', 'can I volley the return of serve?'],
    ['and if I let it bounce?', 'can I volley the return of serve?'],
  ])('"%s" after "%s" opens with the answer to the follow-up: Yes (7.A)', (question, earlier) => {
    expect(first(question, earlier)).toMatch(/^Yes: .*\(7\.A\)/)
  })

  it('keeps the earlier yes or no when the follow-up’s words change nothing', () => {
    expect(first('what if my foot is on the line?', 'Can I volley in the kitchen?')).toMatch(/^No: /)
    expect(first('and in a tournament?', 'can I volley the return of serve?')).toMatch(/^No: .*\(7\.A\)/)
    expect(first('what about my partner?', 'Can I volley while standing in the kitchen?')).toMatch(/^No: /)
  })

  // A moment or a setting of play ("during a game?", "in a tournament?") does not move a time-out
  // question to the break between games or to the match length (docs/decisions/0191).
  const TIME_OUTS = ['How many timeouts do we get?', 'how long is a timeout?', 'can we end a timeout early?']
  it.each(TIME_OUTS)('after "%s", a follow-up saying when or where stays on time-outs', (earlier) => {
    const alone = first(earlier)
    for (const question of [
      'during a game?',
      'and during the game?',
      'what about during a match?',
      'in a tournament?',
      'and in tournaments?',
      'what about at a tournament?',
      'in tournament play?',
    ])
      expect(first(question, earlier).startsWith(alone)).toBe(true)
    expect(curated('during a game?', earlier)).toMatch(/^timeout/)
  })

  it('answers a time-out follow-up in a tournament about time-outs in tournament play', () => {
    expect(first('in a tournament?', 'How many timeouts do we get?')).toBe(
      `Two per game, three in a game to 21: each side has two standard time-outs per game to 11 or 15, and three per game to 21 (10.A). ${refereeMessages.sameInTournament}`,
    )
    expect(first('during a game?', 'how long is a timeout?')).toBe(
      '1 minute: a standard time-out lasts at most 1 minute (10.A.1).',
    )
    // A setting the earlier topic's own chapter speaks of still leads there.
    expect(curated('and in a tournament?', 'what do you play to?')).toBe('match-length')
    expect(curated('and between games?', 'how long is a timeout?')).toBe('between-games')
  })

  it('says when no rule covers a question, and what it can answer', () => {
    expect(first('who invented pickleball?')).toMatch(
      /^No rule answers that directly\. The closest one says: /,
    )
    expect(first('what will the weather be tomorrow?')).toBe(refereeMessages.noRule)
    // "what's" and "player's" share no word, and "player" says little: the paddle rule is closest.
    expect(first("what's the best paddle for a 3.5 player")).toMatch(
      /closest one says: the hitting surface of a paddle/,
    )
  })

  // A carry is legal or a fault depending on the stroke: the answer says the rule, with no Yes or
  // No before it (docs/decisions/0208).
  it.each([
    'is a carry a fault',
    'is carrying the ball legal?',
    'can I carry the ball?',
    'what is a carry?',
    'can I hit the ball twice by accident?',
  ])('says what the rule on a carry is for "%s", with no bare Yes or No', (question) => {
    expect(first(question)).toMatch(
      /^A ball carried on the paddle or hit twice is legal if it happens by accident, by one player in one continuous stroke in one direction; .* it is a fault \(11\.A\)\.$/,
    )
  })

  it('keeps No for hitting the ball twice, and a carry out of the momentum that carries a player', () => {
    expect(first('can i hit the ball twice')).toMatch(/^No: .*\(11\.A\)/)
    expect(first('I volleyed and my momentum carried me into the kitchen, is that a fault?')).toMatch(
      /^Yes: .*\(9\.B\)/,
    )
  })

  // A shot around the post, a hinder, distracting an opponent: the rulebook has no rule on them, and
  // no rule about something else is given as their answer (0208).
  it.each([
    'can i hit the ball around the post',
    'is an ATP legal?',
    'a ball from the next court rolled onto ours, do we replay the point',
    'what is a hinder',
    'someone walked onto our court mid rally, what happens',
    'is it legal to distract my opponent',
    'my opponent yelled while i was hitting, is that a fault',
    // Talking with a partner, calling "mine" (docs/decisions/0215).
    'Can I talk to my partner during a rally?',
    'are we allowed to talk during the point',
    'is it legal to communicate with my partner mid rally',
    'can i yell mine to my partner',
    // More ways players ask about them (docs/decisions/0216).
    'can i hit an atp',
    'what about around the net post',
    'the ball went around the net post and landed in, is it good?',
    'is there a hinder rule',
    'ball from the court next to us came over, do we replay it',
    'can I distract my opponent',
    'my opponent keeps yelling when I serve',
    'is it ok to shout out loud to my partner',
    // A paddle or a player over the net: the facts say nothing of it.
    'can my paddle cross over the net',
    'can i reach over the net to hit the ball',
    'my follow through went over the net, fault?',
  ])('says no rule covers "%s"', (question) => {
    expect(first(question)).toBe(refereeMessages.noRule)
  })

  // A rule asked for by its number gets the rule itself; one the rulebook has not, the no-rule
  // message (docs/decisions/0216).
  it.each([
    [
      'what is rule 7.I',
      /^The ball in play hitting a player is also a fault under this rule; .* \(7\.I\)\.$/,
    ],
    ['what does 7.H say', /^If the ball in play hits a player, .* \(7\.H\)\.$/],
    ['whats rule 9c', /^While volleying it is a fault .* \(9\.B\)\. That fault stands .* \(9\.C\)\.$/],
    [
      'what does rule 6b say',
      /^A ball that touches any part of a line is in \(6\.A\)\. The one exception .* \(6\.B\)\.$/,
    ],
    ['rule 10.B.2?', /^A player may ask for a medical time-out .* \(10\.B\.2\)\.$/],
  ])('answers "%s" with the rule', (question, answer) => {
    expect(first(question)).toMatch(answer)
  })

  it('says no rule covers a rule number the rulebook has not, and reads a number inside a question as part of it', () => {
    expect(first('what is rule 11.K')).toBe(refereeMessages.noRule)
    expect(first('is volleying in the kitchen a 9.A fault')).toMatch(/^Yes: every volley .*\(9\.A\)/)
    expect(first('whats the 10 second rule')).toMatch(/^10 seconds: .*\(4\.A\)/)
  })

  it('still answers a ball going over the net, and reaching over the kitchen', () => {
    expect(first('the ball went over the net and hit the fence')).toMatch(/\(7\.J\)/)
    expect(first('can i reach over the kitchen to volley')).toMatch(/^Yes: .*\(9\.A\)/)
  })

  it('still answers a ball hitting the net post, or passing between the net and the post', () => {
    expect(first('what if the ball hits the net post')).toMatch(
      /^A ball that hits a permanent object.*\(7\.J\)/,
    )
    expect(first('ball went between the net and the post, is that a fault?')).toMatch(/^Yes: .*\(7\.C\)/)
  })

  it('gives the sections of the rules it cites', () => {
    const { sections } = answerOffline('Can I volley in the kitchen?', { includeRuleNumbers: true })
    expect(sections.map((s) => s.id)).toEqual(['non-volley-zone-volleys'])
  })
})

describe('a number the answer gives for another case', () => {
  // The answer gives the asked number for one case and another number for another: the number
  // alone says neither yes nor no, so the answer leads with what it says.
  it.each([
    ['is the net 36 inches in the middle', /^36 inches at the sidelines, 34 inches in the middle/],
    ['do we get 3 timeouts in a game to 11', /^Two per game, three in a game to 21/],
    ['is the court 20 feet long', /^20 by 44 feet/],
    ['is the court 44 feet wide', /^20 by 44 feet/],
  ])('%s', (question, opening) => {
    expect(first(question)).toMatch(opening)
  })

  // Where the question names the case the answer gives its number for, the yes stands.
  it.each([
    'is the net 34 inches in the middle',
    'is the net 36 inches at the sidelines',
    'do we get 3 timeouts in a game to 21',
    'do we get 2 timeouts in a game to 11',
    'is the court 20 feet wide',
    'is the court 44 feet long',
    'is the kitchen 7 feet',
  ])('%s', (question) => {
    expect(first(question)).toMatch(/^Yes: /)
  })
})

describe('the curated answers', () => {
  it('cite rules of the rulebook, and a made-up number stops the server at start-up', () => {
    expect(citedRules('No: see (9.A), and (2.B.3, 9.B).')).toEqual(['9.A', '2.B.3', '9.B'])
    expect(withoutRuleNumbers('No: see (9.A), and (2.B.3, 9.B).')).toBe('No: see, and.')
    const answers = (answer: string) => ({ about: '', answers: [{ id: 'x', answer, asks: ['can I?'] }] })
    expect(() => loadCuratedAnswers(answers('Every volley starts outside (9.A).'))).not.toThrow()
    expect(() => loadCuratedAnswers(answers('Every volley starts outside (9.Z).'))).toThrow(/9\.Z/)
    expect(() => loadCuratedAnswers(answers('Every volley starts outside the zone.'))).toThrow()
  })
})
