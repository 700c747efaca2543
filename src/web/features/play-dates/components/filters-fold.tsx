import { ChevronDown } from 'lucide-react'
import { type ReactNode, useId, useRef, useState } from 'react'
import { Button } from '../../../components/ui/button'

// Available's filters on a phone: folded into a line that says what they are set to, so the
// first games show on the first screen; a tap opens them, Done folds them again. From the sm width
// up they are always open and the line is not shown.
export function FiltersFold({ summary, children }: { summary: string; children: ReactNode }) {
  const [isOpen, setOpen] = useState(false)
  const panelId = useId()
  const toggle = useRef<HTMLButtonElement>(null)
  return (
    <>
      <button
        ref={toggle}
        type="button"
        aria-expanded={isOpen}
        aria-controls={panelId}
        onClick={() => setOpen(!isOpen)}
        className="flex min-h-12 w-full items-center gap-2 rounded-2xl border border-slate-200 bg-white px-3 text-left shadow-sm hover:border-brand-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 sm:hidden"
      >
        {/* One line on a 375 px phone for a player's first looks, "Filters" and its chevron
            closing it; with more set it takes a second line rather than hide one
            (docs/decisions/0209). */}
        <span className="min-w-0 flex-1 py-2 text-sm font-medium text-slate-900">{summary}</span>
        <span className="sr-only"> · </span>
        <span className="flex shrink-0 items-center gap-1 text-sm font-semibold text-brand-800">
          Filters
          <ChevronDown
            aria-hidden="true"
            className={`size-4 text-slate-600 transition-transform ${isOpen ? 'rotate-180' : ''}`}
          />
        </span>
      </button>
      <div id={panelId} className={`${isOpen ? 'flex' : 'hidden'} flex-col gap-4 sm:flex`}>
        {children}
        <Button
          variant="secondary"
          className="sm:hidden"
          onClick={() => {
            setOpen(false)
            toggle.current?.focus()
          }}
        >
          Done
        </Button>
      </div>
    </>
  )
}
