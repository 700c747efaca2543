import { RotateCw } from 'lucide-react'
import type { ReactNode } from 'react'
import { Button } from '../../../components/ui/button'
import { Spinner } from '../../../components/ui/spinner'

// One part of the dashboard's "what's next": a landmark named by its heading, with an optional
// count beside the heading and a link on the right.
export function HomeSection({
  id,
  title,
  count,
  action,
  className = '',
  children,
}: {
  id: string
  title: string
  count?: number
  action?: ReactNode
  className?: string
  children: ReactNode
}) {
  return (
    <section aria-labelledby={id} className={`min-w-0 ${className}`.trim()}>
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
        <h2 id={id} className="flex items-center gap-2 text-xl font-bold text-slate-900">
          {title}
          {count ? (
            <span className="inline-flex min-w-7 items-center justify-center rounded-full bg-amber-100 px-2 py-0.5 text-sm font-bold text-amber-900 ring-1 ring-amber-600/30 ring-inset">
              {count}
            </span>
          ) : null}
        </h2>
        {action}
      </div>
      <div className="mt-3">{children}</div>
    </section>
  )
}

export function SectionLoading({ label }: { label: string }) {
  return (
    <p role="status" className="flex min-h-11 items-center gap-2 text-slate-700">
      <Spinner /> {label}
    </p>
  )
}

export function SectionError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-red-200 bg-red-50 p-4"
    >
      <p className="font-semibold text-red-800">{message}</p>
      <Button variant="secondary" onClick={onRetry}>
        <RotateCw aria-hidden="true" className="size-4" />
        Try Again
      </Button>
    </div>
  )
}

// A part with nothing in it: what that means, and where to go from here.
export function SectionEmpty({ message, children }: { message: string; children?: ReactNode }) {
  return (
    <div className="rounded-2xl border border-dashed border-slate-300 bg-white p-5">
      <p className="font-semibold text-slate-900">{message}</p>
      {children ? <div className="mt-3 flex flex-wrap gap-2">{children}</div> : null}
    </div>
  )
}
