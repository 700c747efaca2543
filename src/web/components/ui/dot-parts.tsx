import { Fragment, type ReactNode } from 'react'

// "Every Tuesday · 6:30 AM MST · 2 h · $8/hour", which a narrow line may break only after a dot:
// each part stays whole ("2 h" never leaves its "h" for the next line), and no line starts with
// a dot. `text` is the line as one string, or its parts (one may be drawn: "Team DUPR" and its
// rating in bold). `more`: the line goes on after the last part (its dot is written, and kept on
// the last part's line).
export function DotParts({ text, more = false }: { text: string | readonly ReactNode[]; more?: boolean }) {
  const parts = typeof text === 'string' ? text.split(' · ') : text
  return parts.map((part, index) => (
    <Fragment key={index}>
      {index > 0 ? ' ' : null}
      <span className="whitespace-nowrap">
        {part}
        {more || index < parts.length - 1 ? ' ·' : null}
      </span>
    </Fragment>
  ))
}
