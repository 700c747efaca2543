import { describe, expect, it } from 'vitest'
import { rulebook, rulebookSchema } from './referee.rulebook'
import {
  createRulebookIndex,
  expandQuestion,
  MAX_SECTIONS,
  searchRulebook,
  sentencesOf,
  shortAnswer,
} from './referee.search'
import retrievalCases from './retrieval-cases.json'

const ids = (question: string) => searchRulebook(question).map((section) => section.id)

describe('the built-in rulebook', () => {
  it('is valid, pinned to the 2025 numbering and covers every part a player asks about', () => {
    expect(() => rulebookSchema.parse(rulebook)).not.toThrow()
    expect(rulebook.edition).toBe('2025')
    const chapters = new Set(rulebook.sections.map((s) => s.chapter))
    for (const chapter of [
      'Court and Equipment',
      'Definitions',
      'The Serve',
      'Scoring',
      'Faults',
      'Non-Volley Zone',
      'Line Calls',
      'Time-Outs',
      'Between Games',
    ]) {
      expect(chapters).toContain(chapter)
    }
  })

  it('states the facts the product promises: 11 win by 2, best of 3, two 1-minute time-outs, 15-minute medical, 7-foot zone', () => {
    const text = (id: string) =>
      rulebook.sections
        .find((s) => s.id === id)!
        .rules.map((r) => r.text)
        .join(' ')
    expect(text('scoring')).toMatch(/to 11 points and must be won by 2/)
    expect(text('scoring')).toMatch(/best two out of three games to 11/)
    expect(text('time-outs')).toMatch(/two standard time-outs per game/)
    expect(text('time-outs')).toMatch(/at most 1 minute/)
    expect(text('medical-time-outs')).toMatch(/up to 15 minutes/)
    expect(text('court-non-volley-zone')).toMatch(/7 feet back from the net/)
  })
})

describe('finding rulebook sections for a question', () => {
  it.each(retrievalCases)('"$question" finds $section first', ({ question, section }) => {
    expect(ids(question)[0]).toBe(section)
  })

  it('the labelled set has 20 or more questions, over at least 15 different sections', () => {
    expect(retrievalCases.length).toBeGreaterThanOrEqual(20)
    expect(new Set(retrievalCases.map((c) => c.section)).size).toBeGreaterThanOrEqual(15)
    const known = new Set(rulebook.sections.map((s) => s.id))
    for (const { section } of retrievalCases) expect(known).toContain(section)
  })

  it(`returns at most ${MAX_SECTIONS} sections`, () => {
    expect(searchRulebook('serve fault kitchen volley line time-out score net paddle ball').length).toBe(
      MAX_SECTIONS,
    )
  })

  it('returns nothing for a question that is not about the rules', () => {
    expect(ids('what will the weather be like tomorrow?')).toEqual([])
    expect(ids('')).toEqual([])
  })

  it("knows the players' word for the non-volley zone", () => {
    expect(expandQuestion('kitchen?')).toContain('non volley zone')
    const kitchen = ids('kitchen')
    expect(kitchen.every((id) => id.includes('non-volley-zone'))).toBe(true)
  })

  it('matches other forms of a word through stemming', () => {
    expect(ids('volleyed while standing in the kitchen')[0]).toBe('non-volley-zone-volleys')
    expect(ids('how many timeouts are allowed')[0]).toBe('time-outs')
    expect(ids('served ball touches the receivers partner')[0]).toBe('serve')
  })

  it('forgives a typo in a longer word', () => {
    expect(ids('how many timeuots per game')[0]).toBe('time-outs')
  })

  it('indexes any rulebook given to it', () => {
    const search = createRulebookIndex({
      ...rulebook,
      sections: [
        {
          id: 'one',
          chapter: 'Test',
          title: 'Apples',
          keywords: [],
          rules: [{ number: '1', text: 'All about apples.' }],
        },
        {
          id: 'two',
          chapter: 'Test',
          title: 'Pears',
          keywords: [],
          rules: [{ number: '2', text: 'All about pears.' }],
        },
      ],
    })
    expect(search('pears please').map((s) => s.id)).toEqual(['two'])
  })
})

describe('a short answer without a model', () => {
  const answer = (question: string) => shortAnswer(question, searchRulebook(question))

  it('is the rulebook sentence that shares the most words with the question', () => {
    expect(answer('How big is the court?')).toBe(
      'The court is a rectangle 20 feet wide and 44 feet long, for singles and for doubles alike.',
    )
    expect(answer('What happens if the serve hits the net?')).toBe(
      'A serve that touches the net and lands in the right service court is in play: there is no let.',
    )
    expect(answer('How many timeouts do we get?')).toContain('two standard time-outs per game')
    expect(answer('Is a ball on the line in?')).toContain('touches any part of a line is in')
  })

  it('adds the next sentence when the first is short, and is null when nothing matched', () => {
    expect(shortAnswer('anything', [])).toBeNull()
    expect(sentencesOf('Short one. A second sentence follows. Rule 9.A stays whole.')).toEqual([
      'Short one.',
      'A second sentence follows.',
      'Rule 9.A stays whole.',
    ])
  })
})
