import {
  type EntryStatus,
  entryStatuses,
  entryStatusLabels,
} from '../../../../domain/partner-lists/partner-list.schema'

const tone: Record<EntryStatus, string> = {
  unknown: 'aria-pressed:border-sky-700 aria-pressed:bg-sky-50 aria-pressed:text-sky-900',
  confirmed: 'aria-pressed:border-brand-700 aria-pressed:bg-brand-50 aria-pressed:text-brand-900',
  maybe: 'aria-pressed:border-amber-600 aria-pressed:bg-amber-50 aria-pressed:text-amber-950',
  not_interested: 'aria-pressed:border-red-700 aria-pressed:bg-red-50 aria-pressed:text-red-900',
}

// One toggle button per status; the pressed one is the partner's answer so far.
export function EntryStatusButtons({
  name,
  status,
  disabled,
  onChange,
}: {
  name: string
  status: EntryStatus
  disabled?: boolean
  onChange: (status: EntryStatus) => void
}) {
  return (
    <div role="group" aria-label={`Status of ${name}`} className="flex flex-wrap gap-2">
      {entryStatuses.map((value) => (
        <button
          key={value}
          type="button"
          aria-pressed={status === value}
          disabled={disabled}
          onClick={() => {
            if (value !== status) onChange(value)
          }}
          className={`min-h-11 rounded-full border border-slate-300 bg-white px-3 text-sm font-semibold text-slate-700 hover:bg-slate-50 disabled:opacity-60 ${tone[value]}`}
        >
          {entryStatusLabels[value]}
        </button>
      ))}
    </div>
  )
}
