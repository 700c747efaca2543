// The small part of Markdown the referee writes: paragraphs, "- " and "1. " lists, headings,
// **bold** and *italic*. Parsed into plain data so React renders every character as text:
// nothing in an answer can become HTML.

export type Inline =
  | { kind: 'text'; text: string; bold: boolean; italic: boolean }
  // A rule number such as 9.A or 4.A.4, shown so it stands out.
  | { kind: 'rule'; text: string; bold: boolean; italic: boolean }

export type Block =
  | { kind: 'paragraph'; lines: Inline[][] }
  | { kind: 'heading'; inlines: Inline[] }
  | { kind: 'list'; ordered: boolean; items: Inline[][] }

const BULLET = /^\s*[-*•]\s+(.*)$/
const NUMBERED = /^\s*\d+[.)]\s+(.*)$/
const HEADING = /^\s*#{1,6}\s+(.*)$/
const RULE_NUMBER = /\b\d{1,2}\.[A-Z](?:\.\d{1,2})*\b/g

function splitRuleNumbers(text: string, bold: boolean, italic: boolean): Inline[] {
  const parts: Inline[] = []
  let last = 0
  for (const match of text.matchAll(RULE_NUMBER)) {
    const at = match.index
    if (at > last) parts.push({ kind: 'text', text: text.slice(last, at), bold, italic })
    parts.push({ kind: 'rule', text: match[0], bold, italic })
    last = at + match[0].length
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last), bold, italic })
  return parts
}

// **bold**, __bold__, *italic* and _italic_; an unmatched marker stays as it is.
export function parseInline(text: string): Inline[] {
  const result: Inline[] = []
  const pattern =
    /\*\*(.+?)\*\*|__(.+?)__|\*(?!\s)(.+?)(?<!\s)\*|(?<![A-Za-z0-9])_(?!\s)(.+?)(?<!\s)_(?![A-Za-z0-9])/g
  let last = 0
  for (const match of text.matchAll(pattern)) {
    const at = match.index
    if (at > last) result.push(...splitRuleNumbers(text.slice(last, at), false, false))
    const bold = match[1] ?? match[2]
    const italic = match[3] ?? match[4]
    if (bold !== undefined) result.push(...splitRuleNumbers(bold, true, false))
    else if (italic !== undefined) result.push(...splitRuleNumbers(italic, false, true))
    last = at + match[0].length
  }
  if (last < text.length) result.push(...splitRuleNumbers(text.slice(last), false, false))
  return result
}

export function parseAnswer(text: string): Block[] {
  const blocks: Block[] = []
  let paragraph: Inline[][] | undefined
  let list: Extract<Block, { kind: 'list' }> | undefined

  const close = () => {
    paragraph = undefined
    list = undefined
  }

  for (const line of text.replace(/\r\n?/g, '\n').split('\n')) {
    if (line.trim() === '') {
      close()
      continue
    }
    const heading = HEADING.exec(line)
    const bullet = BULLET.exec(line)
    const numbered = bullet ? null : NUMBERED.exec(line)
    if (heading) {
      close()
      blocks.push({ kind: 'heading', inlines: parseInline(heading[1]!.trim()) })
    } else if (bullet || numbered) {
      const ordered = numbered !== null
      const content = (bullet ?? numbered)![1]!.trim()
      if (!list || list.ordered !== ordered) {
        close()
        list = { kind: 'list', ordered, items: [] }
        blocks.push(list)
      }
      list.items.push(parseInline(content))
    } else if (list && /^\s{2,}\S/.test(line)) {
      // An indented line continues the list item above it.
      const item = list.items.at(-1)!
      item.push({ kind: 'text', text: ' ', bold: false, italic: false }, ...parseInline(line.trim()))
    } else {
      list = undefined
      if (!paragraph) {
        paragraph = []
        blocks.push({ kind: 'paragraph', lines: paragraph })
      }
      paragraph.push(parseInline(line.trim()))
    }
  }
  return blocks
}
