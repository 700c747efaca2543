import { Search } from 'lucide-react'
import { type ButtonHTMLAttributes, type ReactNode, useId } from 'react'
import { SelectShowingChoice } from '../../../components/ui/form-controls'

// An action drawn as its icon. `unavailable` says why the action is not the viewer's to take: the
// button stays in the tab order, marked disabled, its reason its description and its tooltip.
// On a phone, where no tooltip shows, `word` is written beside the icon ("Pause Access"): the
// start of `label`, so what is read out begins with what is seen. From the sm width up the table
// has a header for the column and the icon stands alone. `stacked`: on a phone the word goes under
// the icon, in small type, so three actions share one line of a card as equal buttons.
export function IconButton({
  label,
  word,
  unavailable,
  stacked = false,
  children,
  onClick,
  ...props
}: {
  label: string
  word: string
  unavailable?: string | undefined
  stacked?: boolean
  children: ReactNode
} & ButtonHTMLAttributes<HTMLButtonElement>) {
  const reasonId = useId()
  const phoneShape = stacked ? 'flex-col gap-0.5 px-0.5 py-1.5 text-xs' : 'gap-1.5 px-3 text-sm'
  return (
    <>
      <button
        type="button"
        title={unavailable ?? label}
        className={`inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg border font-semibold sm:size-11 sm:px-0 ${phoneShape} border-slate-200 text-slate-700 hover:bg-slate-100 disabled:opacity-50 aria-disabled:cursor-not-allowed aria-disabled:opacity-50 aria-disabled:hover:bg-transparent`}
        aria-disabled={unavailable ? true : undefined}
        aria-describedby={unavailable ? reasonId : undefined}
        onClick={unavailable ? undefined : onClick}
        {...props}
      >
        {children}
        <span aria-hidden="true" className="sm:hidden">
          {word}
        </span>
        <span className="sr-only">{label}</span>
      </button>
      {/* Beside the button, not in it: the reason describes the button without renaming it. */}
      {unavailable ? (
        <span id={reasonId} className="sr-only">
          {unavailable}
        </span>
      ) : null}
    </>
  )
}

export function Select({
  label,
  value,
  onChange,
  options,
}: {
  label: string
  value: string
  onChange: (value: string) => void
  options: Array<[string, string]>
}) {
  return (
    <label className="flex flex-col gap-1 text-sm font-semibold text-slate-700">
      {label}
      <SelectShowingChoice
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="min-h-11 rounded-lg border border-slate-300 bg-white px-[min(0.75rem,12px)] font-normal text-slate-900"
      >
        {options.map(([optionValue, text]) => (
          <option key={optionValue} value={optionValue}>
            {text}
          </option>
        ))}
      </SelectShowingChoice>
    </label>
  )
}

// The search box above a list; `onChange` gets the text as typed. Its placeholder is drawn as text
// that wraps: the spec's 'Search play dates by creator or partner name...' is wider than a phone's
// box, and an input's own placeholder is cut at its edge (docs/decisions/0196). The input keeps the
// placeholder, transparent, for assistive tech.
export function SearchField({
  label,
  placeholder,
  value,
  onChange,
}: {
  label: string
  placeholder: string
  value: string
  onChange: (value: string) => void
}) {
  return (
    <label className="relative block flex-1">
      <span className="sr-only">{label}</span>
      <span className="grid">
        <input
          type="search"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          placeholder={placeholder}
          className="h-full min-h-11 w-full rounded-lg border border-slate-300 bg-white pr-3 pl-10 [grid-area:1/1] placeholder:text-transparent"
        />
        {/* Over the input, the same height as its text: it sets the box's height when it wraps. */}
        <span
          aria-hidden="true"
          className={`pointer-events-none py-[11px] pr-3 pl-[41px] text-slate-400 [grid-area:1/1] ${value ? 'invisible' : ''}`}
        >
          {placeholder}
        </span>
      </span>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-3 left-3 size-5 text-slate-400"
      />
    </label>
  )
}

// The row of filters above a list (its Selects), ending with 'Reset Filters'. `columns` is how many
// fit side by side on a wide screen, the reset button included.
export function AdminFilters({
  id,
  columns,
  onReset,
  children,
}: {
  id?: string
  columns: 4 | 5
  onReset: () => void
  children: ReactNode
}) {
  return (
    <div
      id={id}
      className={`mt-3 grid gap-3 rounded-xl border border-slate-200 bg-slate-50 p-4 sm:grid-cols-2 ${columns === 5 ? 'lg:grid-cols-5' : 'lg:grid-cols-4'}`}
    >
      {children}
      <div className="flex items-end">
        <button
          type="button"
          onClick={onReset}
          className="min-h-11 w-full rounded-lg border border-slate-300 bg-white px-4 font-semibold"
        >
          Reset Filters
        </button>
      </div>
    </div>
  )
}
