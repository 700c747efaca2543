import { describe, expect, it } from 'vitest'
import { type Inline, parseAnswer, parseInline } from './answer-blocks'

const text = (inlines: Inline[]) => inlines.map((i) => i.text).join('')

describe('reading a referee answer', () => {
  it('splits paragraphs on blank lines and keeps line breaks inside one', () => {
    const blocks = parseAnswer('First line\nsecond line\n\nNext paragraph')
    expect(blocks).toHaveLength(2)
    expect(blocks[0]).toMatchObject({ kind: 'paragraph' })
    if (blocks[0]?.kind !== 'paragraph') throw new Error('expected a paragraph')
    expect(blocks[0].lines.map(text)).toEqual(['First line', 'second line'])
  })

  it('reads bullet and numbered lists, and a paragraph right after a list', () => {
    const blocks = parseAnswer('Intro:\n- one\n* two\n1. first\n2) second\nAfter')
    expect(blocks.map((b) => b.kind)).toEqual(['paragraph', 'list', 'list', 'paragraph'])
    expect(blocks[1]).toMatchObject({ kind: 'list', ordered: false })
    expect(blocks[2]).toMatchObject({ kind: 'list', ordered: true })
    if (blocks[2]?.kind !== 'list') throw new Error('expected a list')
    expect(blocks[2].items.map(text)).toEqual(['first', 'second'])
  })

  it('reads bold, italic and headings', () => {
    expect(parseInline('a **strong** and *soft* word')).toEqual([
      { kind: 'text', text: 'a ', bold: false, italic: false },
      { kind: 'text', text: 'strong', bold: true, italic: false },
      { kind: 'text', text: ' and ', bold: false, italic: false },
      { kind: 'text', text: 'soft', bold: false, italic: true },
      { kind: 'text', text: ' word', bold: false, italic: false },
    ])
    expect(parseAnswer('## Short answer')[0]).toMatchObject({ kind: 'heading' })
  })

  it('marks rule numbers, bold or not', () => {
    const inlines = parseInline('See **9.A** and rule 4.A.4 (not 2.5 feet)')
    expect(inlines.filter((i) => i.kind === 'rule').map((i) => [i.text, i.bold])).toEqual([
      ['9.A', true],
      ['4.A.4', false],
    ])
  })

  it('keeps markup it does not know, including HTML, as plain text', () => {
    const blocks = parseAnswer('<img src=x onerror=alert(1)> 2 * 3 = 6 and snake_case_name')
    if (blocks[0]?.kind !== 'paragraph') throw new Error('expected a paragraph')
    const inlines = blocks[0].lines[0]!
    expect(text(inlines)).toBe('<img src=x onerror=alert(1)> 2 * 3 = 6 and snake_case_name')
    expect(inlines.every((i) => !i.bold && !i.italic)).toBe(true)
  })
})
