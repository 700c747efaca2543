import type { ReactNode } from 'react'

const tones = {
  neutral: 'bg-slate-100 text-slate-800',
  brand: 'bg-brand-100 text-brand-900',
  amber: 'bg-amber-100 text-amber-900',
}

export function StatusBadge({
  tone = 'neutral',
  children,
}: {
  tone?: keyof typeof tones
  children: ReactNode
}) {
  return (
    <span
      className={`inline-flex min-h-7 items-center gap-1 rounded-full px-2.5 text-xs font-semibold whitespace-nowrap ${tones[tone]}`}
    >
      {children}
    </span>
  )
}
