import { describe, expect, it } from 'vitest'
import { askInput } from './referee.schema'

describe('askInput', () => {
  it('leaves out turns of the conversation that have no words', () => {
    const parsed = askInput.parse({
      question: 'and a let serve?',
      history: [
        { role: 'user', text: '' },
        { role: 'assistant', text: '   ' },
        { role: 'user', text: 'Can I volley in the kitchen?' },
        { role: 'assistant', text: 'No: rule 9.A.' },
      ],
    })
    expect(parsed.history).toEqual([
      { role: 'user', text: 'Can I volley in the kitchen?' },
      { role: 'assistant', text: 'No: rule 9.A.' },
    ])
  })
})
