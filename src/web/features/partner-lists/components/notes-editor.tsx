import { Pencil } from 'lucide-react'
import { useId, useState } from 'react'
import { NOTES_MAX } from '../../../../domain/partner-lists/partner-list.schema'
import { Button } from '../../../components/ui/button'
import { controlClasses } from '../../../components/ui/form-controls'

// Notes show as text; 'Edit notes' opens a text area in place.
export function NotesEditor({
  name,
  notes,
  isSaving,
  onSave,
}: {
  name: string
  notes: string
  isSaving: boolean
  // Resolves true when saved, so the editor can close.
  onSave: (notes: string) => Promise<boolean>
}) {
  const id = useId()
  const [draft, setDraft] = useState<string | null>(null)

  if (draft === null) {
    return (
      <div className="flex items-start justify-between gap-3">
        <p className={`text-sm whitespace-pre-wrap ${notes ? 'text-slate-800' : 'text-slate-500'}`}>
          {notes || 'No notes'}
        </p>
        <Button
          variant="ghost"
          size="sm"
          onClick={() => setDraft(notes)}
          aria-label={notes ? `Edit notes for ${name}` : `Add notes for ${name}`}
        >
          <Pencil aria-hidden="true" className="size-4" />
          {notes ? 'Edit notes' : 'Add notes'}
        </Button>
      </div>
    )
  }

  return (
    <form
      className="space-y-2"
      onSubmit={async (event) => {
        event.preventDefault()
        if (await onSave(draft)) setDraft(null)
      }}
    >
      <label htmlFor={`${id}-notes`} className="block text-sm font-semibold text-slate-800">
        Notes for {name}
      </label>
      <textarea
        id={`${id}-notes`}
        value={draft}
        maxLength={NOTES_MAX}
        rows={3}
        // Opened by the player's own click on 'Edit notes'.
        // eslint-disable-next-line jsx-a11y/no-autofocus
        autoFocus
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.preventDefault()
            setDraft(null)
          }
        }}
        className={`${controlClasses} min-h-20`}
      />
      <div className="flex justify-end gap-2">
        <Button variant="secondary" size="sm" onClick={() => setDraft(null)} disabled={isSaving}>
          Cancel
        </Button>
        <Button type="submit" size="sm" disabled={isSaving} aria-busy={isSaving}>
          {isSaving ? 'Saving...' : 'Save notes'}
        </Button>
      </div>
    </form>
  )
}
