import type { ReactNode } from 'react'
import { forwardRef, useId } from 'react'
import { SearchField } from '../../../components/ui/form-controls'

// "3 venues match", "1 venue matches".
export const venueMatchCount = (count: number) => `${count} ${count === 1 ? 'venue matches' : 'venues match'}`

// A search of the venues by name, city or street, with what it found said under it and read out
// as it changes. Where it narrows a list or picks from one, the owner draws that list. What it
// searches by is its hint, not a placeholder: a field draws its placeholder on one line, cut at its
// box with larger text ("Name, city or"), and gone once the player types.
export const VenueSearchField = forwardRef<
  HTMLInputElement,
  { label: string; value: string; onChange: (text: string) => void; status: ReactNode }
>(function VenueSearchField({ label, value, onChange, status }, ref) {
  const statusId = useId()
  return (
    <>
      <SearchField
        ref={ref}
        label={label}
        value={value}
        onValueChange={onChange}
        hint="Search by name, city or street."
        aria-controls={statusId}
      />
      <p id={statusId} className="mt-1 text-sm text-slate-600" aria-live="polite">
        {status}
      </p>
    </>
  )
})
