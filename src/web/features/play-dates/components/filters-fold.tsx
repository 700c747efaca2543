import { ChevronDown, SlidersHorizontal } from 'lucide-react'
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
        className="flex min-h-12 w-full items-center gap-2 rounded-2xl border border-slate-200 bg-white px-4 text-left shadow-sm hover:border-brand-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 sm:hidden"
      >
        <SlidersHorizontal aria-hidden="true" className="size-5 shrink-0 text-brand-700" />
        {/* Two lines at most: with every filter set, one line would hide the place. */}
        <span className="line-clamp-2 min-w-0 flex-1 py-2 text-sm font-semibold text-slate-900">
          {summary}
        </span>
        <span className="shrink-0 text-sm font-semibold text-brand-800">· Filters</span>
        <ChevronDown
          aria-hidden="true"
          className={`size-5 shrink-0 text-slate-600 transition-transform ${isOpen ? 'rotate-180' : ''}`}
        />
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
