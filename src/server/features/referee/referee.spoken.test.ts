import { describe, expect, it } from 'vitest'
import { firstAnswer as first } from './referee.test-answers'
import { saidOf } from './referee.spoken'

// An answer said of the player a question is about, when that is not the player asking
// (docs/decisions/0185, 0188, 0191).

describe('an answer said of another player', () => {
  it('names them first, then says they, them, their, and conjugates for them', () => {
    expect(saidOf('You may volley as long as you do not touch it yourself.', 'opponent')).toBe(
      'Your opponent may volley as long as they do not touch it themselves.',
    )
    expect(saidOf('If it hits you, or anything you wear, your side commits a fault.', 'opponent')).toBe(
      'If it hits your opponent, or anything they wear, their side commits a fault.',
    )
    expect(saidOf('Once you have touched it, wait.', 'partner')).toBe(
      'Once your partner has touched it, wait.',
    )
    expect(saidOf('It is legal if your jump starts outside.', 'partner', true)).toBe(
      'It is legal if their jump starts outside.',
    )
  })

  it('says "you" for the player asking, their partner or opponent', () => {
    expect(saidOf('You may volley while your partner stands in the zone.', 'partner')).toBe(
      'Your partner may volley while you stand in the zone.',
    )
    expect(saidOf('If you and your partner disagree, it is in.', 'partner')).toBe(
      'If your partner and you disagree, it is in.',
    )
    expect(saidOf('If you and your partner disagree, it is in.', 'opponent')).toBe(
      'If your opponent and their partner disagree, it is in.',
    )
  })
})

describe('an answer said of an opponent, from the side of the player asking', () => {
  it('says "you" for their opponents, and "your" for what is theirs', () => {
    expect(saidOf('The opponents may be in the zone on their side; your volley is yours.', 'opponent')).toBe(
      "You may be in the zone on your side; your opponent's volley is theirs.",
    )
    expect(saidOf('A call must be made before the opponent hits the ball.', 'opponent')).toBe(
      'A call must be made before you hit the ball.',
    )
    expect(saidOf("It drops into the opponents' zone.", 'opponent')).toBe('It drops into your zone.')
    expect(saidOf('The opponents may be in the zone on their side.', 'partner')).toBe(
      'The opponents may be in the zone on their side.',
    )
    expect(saidOf('Players call the lines on their own end.', 'opponent')).toBe(
      'Players call the lines on their own end.',
    )
  })

  it('answers "what if my opponent volleys it?" after a kitchen question from the asking side (9.E)', () => {
    expect(first('What if my opponent volleys it?', 'Can I volley while standing in the kitchen?')).toBe(
      'Yes: only where your opponent stands matters when they volley: you may be in the non-volley zone on your side at any time (9.E), and their volley is legal as long as it starts outside their zone (9.A) and they do not touch it (9.B).',
    )
  })
})

describe('a first question about what happens to a partner or an opponent', () => {
  it('says the answer of that player, their side or the asking side at fault (7.H)', () => {
    expect(first('What happens if the ball hits my opponent?')).toBe(
      'If the ball in play hits your opponent, or anything they wear or carry other than their paddle and the hand holding it, their side commits a fault, wherever they stand (7.H).',
    )
    expect(first('Is it a fault if the ball hits my partner?')).toMatch(
      /^Yes: if the ball in play hits your partner, .* your side commits a fault, wherever they stand \(7\.H\)\.$/,
    )
  })

  it('leaves a question alone that names the player asking, or asks what the other player does', () => {
    expect(first('the ball hit me before it bounced, whose fault?')).toMatch(/^If the ball in play hits you,/)
    expect(first('does my partner serve too?')).toMatch(/\(4\.B\)/)
    expect(first('can I volley if my partner is in the kitchen?')).toMatch(/^Yes: you may volley .*\(9\.H\)/)
    expect(first('Can my partner volley if I am in the kitchen?')).toMatch(/^Yes: .*\(9\.H\)/)
  })
})

describe('a first question about a partner or an opponent volleying, or hitting in the kitchen', () => {
  it('asks the rule of the player volleying, not of the player asking (9.A, not 9.H)', () => {
    for (const question of [
      'Can my partner volley in the kitchen?',
      'Is my partner allowed to volley while standing in the kitchen?',
      'can my partner volley with one foot in the kitchen?',
    ])
      expect(first(question)).toMatch(
        /^No: that is your partner's fault, and so your team's: every volley must start outside the non-volley zone \(9\.A\).*even with their follow-through/,
      )
    for (const question of [
      'Can my opponent volley in the kitchen?',
      'Can the other team volley in the kitchen?',
    ])
      expect(first(question)).toMatch(
        /^No: that is your opponent's fault, so your side wins the rally \(a point if your side is serving\): every volley must start outside the non-volley zone \(9\.A\)/,
      )
    expect(first('my partner volleyed from the kitchen line, is that a fault?')).toMatch(
      /^Yes: a fault by your partner, and so by your team: the non-volley line is part of the zone.*\(2\.B\.3, 9\.B\)/,
    )
  })

  it('answers hitting the ball in the kitchen of them too (9.F, 9.A)', () => {
    expect(first('Can my partner hit the ball while standing in the kitchen?')).toMatch(
      /^It depends on whether the ball bounced: your partner may play a ball that has bounced .*\(9\.F\)/,
    )
    expect(first('can my partner volley the serve?')).toMatch(/^No: that is your partner's fault, .*\(7\.A\)/)
  })
})

describe('a follow-up naming only another player, after a question about being or volleying in the kitchen', () => {
  it('asks the same of them and says the answer of them (9.E)', () => {
    for (const [question, name] of [
      ['What about my opponent?', 'your opponent'],
      ['and my partner?', 'your partner'],
    ] as const)
      expect(first(question, 'Can I stand in the kitchen?')).toBe(
        `Yes: ${name} may enter the non-volley zone at any time except while volleying (9.E), and stay there as long as they like to play balls that have bounced (9.F).`,
      )
    expect(first('what about my partner?', 'Can I step into the kitchen before the ball bounces?')).toMatch(
      /^Yes: your partner may step into the non-volley zone at any time, even before the ball bounces, as long as they are not volleying \(9\.E\)/,
    )
  })

  it('asks a volley in the kitchen of them too: their fault (9.A)', () => {
    for (const earlier of ['Can I volley in the kitchen?', 'Can I volley while standing in the kitchen?'])
      expect(first('What about my partner?', earlier)).toMatch(
        /^No: that is your partner's fault, and so your team's: every volley must start outside the non-volley zone \(9\.A\)/,
      )
    expect(first('What about my opponent?', 'Can I volley in the kitchen?')).toMatch(
      /^No: that is your opponent's fault, so your side wins the rally .*\(9\.A\)/,
    )
  })

  it('asks an open question of them with no fault, and leaves one that names the partner already as it was read', () => {
    expect(first('what about my partner?', 'how long can I stay in the kitchen?')).toMatch(
      /^Your partner may enter .* as long as they like .*\(9\.F\)/,
    )
    expect(first('what if only my partner is in the kitchen?', 'Can I volley in the kitchen?')).toMatch(
      /^Yes: you may volley .*\(9\.H\)/,
    )
  })
})
