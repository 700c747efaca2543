import type { UseMutationResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { CheckboxField } from '../../../components/ui/form-controls'
import { errorDetail } from '../../../lib/api-client'
import { outcome } from '../../../lib/outcome'
import { toast } from '../../../lib/toast'

// A setting of the player's own that is saved the moment it is flipped, like a switch: it shows
// the value being saved while the save runs, says when it is saved, and flips back if it fails.
export function SavedSwitch({
  label,
  saved,
  isLoading,
  update,
  savedMessage,
  helpId,
  help,
  className = 'mt-4',
}: {
  label: string
  saved: boolean | undefined
  isLoading: boolean
  update: UseMutationResult<unknown, Error, boolean>
  savedMessage: (on: boolean) => string
  helpId: string
  help: (checked: boolean) => ReactNode
  className?: string
}) {
  const checked = update.isPending ? update.variables : (saved ?? false)
  return (
    <div className={`${className} border-t border-slate-100 pt-4`}>
      <CheckboxField
        role="switch"
        label={label}
        checked={checked}
        disabled={isLoading || update.isPending}
        aria-describedby={helpId}
        onChange={(event) => {
          const on = event.target.checked
          outcome(update.mutateAsync(on), {
            onSuccess: () => toast.success(savedMessage(on)),
            onError: (error) => toast.error('Could not save', { description: errorDetail(error) }),
          })
        }}
      />
      <p id={helpId} className="text-sm text-slate-600">
        {help(checked)}
      </p>
    </div>
  )
}
