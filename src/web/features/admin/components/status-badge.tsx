import type { ReactNode } from 'react'
import type { PlayDateStatus } from '../../../../domain/play-dates/play-date.schema'

const tones = {
  green: 'bg-green-100 text-green-800 ring-green-600/20',
  red: 'bg-red-100 text-red-800 ring-red-600/20',
  blue: 'bg-blue-100 text-blue-800 ring-blue-600/20',
  grey: 'bg-slate-100 text-slate-700 ring-slate-500/20',
  purple: 'bg-purple-100 text-purple-800 ring-purple-600/20',
} as const

export function Badge({ tone, children }: { tone: keyof typeof tones; children: ReactNode }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset ${tones[tone]}`}
    >
      {children}
    </span>
  )
}

// Open green, matched blue, completed grey, cancelled (or anything else) red.
export const statusTone = (status: PlayDateStatus) =>
  status === 'open' ? 'green' : status === 'matched' ? 'blue' : status === 'completed' ? 'grey' : 'red'
