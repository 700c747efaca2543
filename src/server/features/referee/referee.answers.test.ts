import { describe, expect, it } from 'vitest'
import { refereeMessages } from '../../../domain/referee/referee.rules'
import { answerOffline, citedRules, loadCuratedAnswers, withoutRuleNumbers } from './referee.answers'
import { earlierAsRead, isFollowUp, shapeOf, subjectsOf } from './referee.question'

const first = (question: string, earlier?: string) =>
  answerOffline(question, { earlier, includeRuleNumbers: true }).summary
const curated = (question: string, earlier?: string) =>
  answerOffline(question, { earlier, includeRuleNumbers: true }).curated

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
  ])('"%s" is a %s question', (question, shape) => {
    expect(shapeOf(question)).toBe(shape)
  })

  it('knows a follow-up', () => {
    expect(isFollowUp('what if my partner is in the kitchen?')).toBe(true)
    expect(isFollowUp('and for a game to 15?')).toBe(true)
    expect(isFollowUp('how long is a time-out?')).toBe(false)
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
    expect(first('what about my partner?', earlier)).toMatch(/^Yes: .*\(9\.H\)/)
    expect(first('what about my partner?')).not.toContain('9.H')
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
    'what about my partner?',
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

  it('gives the sections of the rules it cites', () => {
    const { sections } = answerOffline('Can I volley in the kitchen?', { includeRuleNumbers: true })
    expect(sections.map((s) => s.id)).toEqual(['non-volley-zone-volleys'])
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
