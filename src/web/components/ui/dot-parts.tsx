import { Fragment } from 'react'

// "Every Tuesday · 6:30 AM MST · 2 h · $8/hour", which a narrow line may break only after a dot:
// each part stays whole ("2 h" never leaves its "h" for the next line), and no line starts with
// a dot.
export function DotParts({ text }: { text: string }) {
  const parts = text.split(' · ')
  return parts.map((part, index) => (
    <Fragment key={index}>
      {index > 0 ? ' ' : null}
      <span className="whitespace-nowrap">{index < parts.length - 1 ? `${part} ·` : part}</span>
    </Fragment>
  ))
}
