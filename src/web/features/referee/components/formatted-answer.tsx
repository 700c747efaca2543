import type { ReactNode } from 'react'
import { type Inline, parseAnswer } from './answer-blocks'

function InlineText({ inlines }: { inlines: Inline[] }) {
  return inlines.map((inline, index) => {
    let node: ReactNode = inline.text
    if (inline.kind === 'rule') {
      node = (
        <span className="rounded bg-brand-100 px-1 font-mono text-[0.85em] font-semibold text-brand-900">
          {inline.text}
        </span>
      )
    }
    if (inline.italic) node = <em>{node}</em>
    if (inline.bold) node = <strong className="font-semibold text-slate-900">{node}</strong>
    return <span key={index}>{node}</span>
  })
}

// An answer as formatted text. Every character is rendered as text, never as HTML.
export function FormattedAnswer({ text }: { text: string }) {
  const blocks = parseAnswer(text)
  return (
    <div className="space-y-3">
      {blocks.map((block, index) => {
        if (block.kind === 'heading') {
          return (
            <p key={index} className="font-semibold text-slate-900">
              <InlineText inlines={block.inlines} />
            </p>
          )
        }
        if (block.kind === 'list') {
          const List = block.ordered ? 'ol' : 'ul'
          return (
            <List key={index} className={`space-y-1.5 pl-5 ${block.ordered ? 'list-decimal' : 'list-disc'}`}>
              {block.items.map((item, itemIndex) => (
                <li key={itemIndex}>
                  <InlineText inlines={item} />
                </li>
              ))}
            </List>
          )
        }
        return (
          <p key={index}>
            {block.lines.map((line, lineIndex) => (
              <span key={lineIndex}>
                {lineIndex > 0 ? <br /> : null}
                <InlineText inlines={line} />
              </span>
            ))}
          </p>
        )
      })}
    </div>
  )
}
