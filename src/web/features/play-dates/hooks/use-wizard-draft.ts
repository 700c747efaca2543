import { useCallback, useState } from 'react'
import { useNavigate } from 'react-router'
import { readDraft, type WizardDraft, writeDraft } from '../lib/wizard-draft'

const storage = () => (typeof window === 'undefined' ? undefined : window.sessionStorage)

// The wizard's choices, shared by its pages through sessionStorage: kept across steps and a
// reload, forgotten on Cancel and after the PlayDate is created.
export function useWizardDraft() {
  const [draft, setDraft] = useState<WizardDraft>(() => readDraft(storage()))
  const navigate = useNavigate()

  const update = useCallback((patch: Partial<WizardDraft>) => {
    setDraft((current) => {
      const next = { ...current, ...patch }
      writeDraft(storage(), next)
      return next
    })
  }, [])

  // Leaving the wizard: the stored draft goes, the page's own copy stays until it unmounts, so
  // the step does not redirect to the first step on its way out.
  // Cancel goes back to the list; a created PlayDate opens its own page.
  const leave = useCallback(
    (to = '/playdates') => {
      writeDraft(storage(), {})
      void navigate(to)
    },
    [navigate],
  )
  const cancel = useCallback(() => leave(), [leave])
  const finish = useCallback((playDateId: string) => leave(`/playdates/${playDateId}`), [leave])

  return { draft, update, cancel, finish }
}
