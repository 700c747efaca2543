import { AlertCircle, CircleCheck, Info } from 'lucide-react'
import type { ReactNode } from 'react'

// A message about the whole form: an error (announced at once), information or a success. A module
// of its own, apart from the fields: the landing page shows it without loading any of them.
export function FormAlert({
  tone = 'error',
  children,
}: {
  tone?: 'error' | 'info' | 'success'
  children: ReactNode
}) {
  const styles = {
    error: 'border-red-200 bg-red-50 text-red-800',
    info: 'border-sky-200 bg-sky-50 text-sky-900',
    success: 'border-brand-200 bg-brand-50 text-brand-900',
  }[tone]
  const Icon = { error: AlertCircle, info: Info, success: CircleCheck }[tone]
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={`flex items-start gap-2 rounded-lg border px-3 py-2 text-sm ${styles}`}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <div className="min-w-0 flex-1">{children}</div>
    </div>
  )
}
