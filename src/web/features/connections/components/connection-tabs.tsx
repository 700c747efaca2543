import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react'
import type { ConnectionView } from '../../../../domain/connections/connection.schema'
import { tabKeyTarget } from '../../../lib/tab-keys'

export const connectionTabs: Array<{ view: ConnectionView; label: string }> = [
  { view: 'connected', label: 'Connected' },
  { view: 'received', label: 'Received Requests' },
  { view: 'sent', label: 'Sent Requests' },
]

// Tabs as the ARIA pattern has them: arrow keys, Home and End move between tabs.
export function ConnectionTabs({
  selected,
  onSelect,
  receivedCount,
  children,
}: {
  selected: ConnectionView
  onSelect: (view: ConnectionView) => void
  receivedCount: number
  children: ReactNode
}) {
  const baseId = useId()
  const refs = useRef<Array<HTMLButtonElement | null>>([])

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const next = tabKeyTarget(event.key, index, connectionTabs.length)
    if (next === null) return
    event.preventDefault()
    onSelect(connectionTabs[next]!.view)
    refs.current[next]?.focus()
  }

  return (
    <div>
      {/* Each tab one line, as wide as its name and a share of the rest: the three names do not
          fit one row on a phone, so a tab that does not fit goes whole to a second row rather
          than break its name (docs/decisions/0214). Its name wraps inside it only when wider
          than the row on its own, with the phone's text made much larger (0225). */}
      <div
        role="tablist"
        aria-label="Connections"
        className="flex flex-wrap gap-1 rounded-xl bg-slate-100 p-1"
      >
        {connectionTabs.map((tab, index) => {
          const active = tab.view === selected
          return (
            <button
              key={tab.view}
              ref={(element) => {
                refs.current[index] = element
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${tab.view}`}
              aria-selected={active}
              aria-controls={`${baseId}-panel`}
              tabIndex={active ? 0 : -1}
              onClick={() => onSelect(tab.view)}
              onKeyDown={(event) => onKeyDown(event, index)}
              className={`inline-flex min-h-11 flex-auto items-center justify-center gap-1.5 rounded-lg px-3 py-1 text-center text-sm font-semibold transition-colors ${
                active
                  ? 'bg-white text-brand-800 shadow-sm'
                  : 'text-slate-700 hover:bg-white/60 hover:text-slate-900'
              }`}
            >
              <span>{tab.label}</span>
              {tab.view === 'received' && receivedCount > 0 ? (
                <span className="inline-flex min-w-5 items-center justify-center rounded-full bg-red-600 px-1.5 text-xs leading-5 font-bold text-white">
                  {receivedCount > 99 ? '99+' : receivedCount}
                  <span className="sr-only"> pending</span>
                </span>
              ) : null}
            </button>
          )
        })}
      </div>
      <div
        role="tabpanel"
        id={`${baseId}-panel`}
        aria-labelledby={`${baseId}-tab-${selected}`}
        tabIndex={0}
        className="mt-4 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
      >
        {children}
      </div>
    </div>
  )
}
