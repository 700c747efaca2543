import type { HTMLAttributes } from 'react'

// Its padding is 20 px however large the phone's text: at normal size the 1.25rem it always was,
// with the text made larger the room goes to the words (docs/decisions/0228).
export function Card({ className = '', ...props }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      className={`rounded-2xl border border-slate-200 bg-white p-[min(1.25rem,20px)] shadow-sm sm:p-6 ${className}`.trim()}
      {...props}
    />
  )
}
