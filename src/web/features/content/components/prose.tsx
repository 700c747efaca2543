import { useEffect, type ReactNode } from 'react'
import { useLocation } from 'react-router'

// Long-form text pages: readable line length, calm spacing, headings that link by id.
export function Prose({ children }: { children: ReactNode }) {
  return (
    <div className="max-w-3xl space-y-8 text-base leading-relaxed text-slate-700 [&_a]:font-semibold [&_a]:text-brand-700 [&_a]:underline [&_a]:underline-offset-2 [&_h2]:text-xl [&_h2]:font-bold [&_h2]:text-slate-900 [&_h3]:font-semibold [&_h3]:text-slate-900 [&_li]:mt-1 [&_p]:mt-3 [&_ul]:mt-3 [&_ul]:list-disc [&_ul]:pl-6">
      {children}
    </div>
  )
}

export function ProseSection({ id, title, children }: { id?: string; title: string; children: ReactNode }) {
  const headingId = id ? `${id}-title` : undefined
  return (
    <section id={id} aria-labelledby={headingId} className="scroll-mt-6">
      <h2 id={headingId}>{title}</h2>
      {children}
    </section>
  )
}

// The page arrives after the router has already tried to honour the #fragment: scroll then.
export function useScrollToHash() {
  const { hash } = useLocation()
  useEffect(() => {
    if (!hash) return
    const target = document.getElementById(decodeURIComponent(hash.slice(1)))
    target?.scrollIntoView({ block: 'start' })
  }, [hash])
}

export function LastUpdated({ date }: { date: string }) {
  return <p className="text-sm text-slate-600">Last updated {date}</p>
}
