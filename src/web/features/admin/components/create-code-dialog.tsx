import { X } from 'lucide-react'
import { useId, useState } from 'react'
import { toast } from '../../../lib/toast'
import { URL_CODE_MESSAGE, urlCodeInput } from '../../../../domain/admin/admin.schema'
import { Button } from '../../../components/ui/button'
import { Dialog } from '../../../components/ui/dialog'
import { isApiError } from '../../../lib/api-client'
import { useCreateSignupCode, useUserSearch } from '../api/admin.queries'

type Picked = { id: string; firstName: string; lastName: string }

export function CreateCodeDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [term, setTerm] = useState('')
  const [user, setUser] = useState<Picked | null>(null)
  const [urlCode, setUrlCode] = useState('')
  const [error, setError] = useState<string | null>(null)
  const create = useCreateSignupCode()
  const search = useUserSearch(user ? '' : term)
  const searchId = useId()
  const urlId = useId()
  const errorId = useId()

  const close = () => {
    setTerm('')
    setUser(null)
    setUrlCode('')
    setError(null)
    onClose()
  }

  const submit = async (event: React.FormEvent) => {
    event.preventDefault()
    const trimmed = urlCode.trim()
    const checked = trimmed ? urlCodeInput.safeParse(trimmed) : undefined
    if (checked && !checked.success) {
      setError(checked.error.issues[0]?.message ?? URL_CODE_MESSAGE)
      return
    }
    try {
      await create.mutateAsync({ urlCode: trimmed || undefined, assignedToId: user?.id ?? null })
      toast.success('Code created successfully')
      close()
    } catch (err) {
      const message = isApiError(err) ? (err.fields?.urlCode ?? err.message) : 'Error creating code'
      setError(message)
      toast.error('Error creating code')
    }
  }

  return (
    <Dialog open={open} onClose={close} title="Create Signup Code">
      <form onSubmit={(event) => void submit(event)} className="space-y-4" noValidate>
        <div>
          <label htmlFor={searchId} className="block text-sm font-semibold text-slate-700">
            Assign to User (Optional)
          </label>
          {user ? (
            <div className="mt-1 flex items-center justify-between rounded-lg border border-slate-300 bg-slate-50 px-3 py-2">
              <span>
                {user.firstName} {user.lastName}
              </span>
              <button type="button" onClick={() => setUser(null)} className="rounded p-1 hover:bg-slate-200">
                <X aria-hidden="true" className="size-4" />
                <span className="sr-only">
                  Remove {user.firstName} {user.lastName}
                </span>
              </button>
            </div>
          ) : (
            <>
              <input
                data-autofocus
                id={searchId}
                type="search"
                value={term}
                onChange={(event) => setTerm(event.target.value)}
                placeholder="Search users by name..."
                autoComplete="off"
                className="mt-1 min-h-11 w-full rounded-lg border border-slate-300 px-3"
              />
              {search.isError ? <p className="mt-1 text-sm text-red-700">Error searching users</p> : null}
              {search.data && search.data.items.length > 0 ? (
                <ul
                  aria-label="Matching users"
                  className="mt-1 divide-y divide-slate-100 rounded-lg border border-slate-200"
                >
                  {search.data.items.map((match) => (
                    <li key={match.id}>
                      <button
                        type="button"
                        onClick={() => {
                          setUser(match)
                          setTerm('')
                        }}
                        className="min-h-11 w-full px-3 text-left hover:bg-slate-50"
                      >
                        {match.firstName} {match.lastName}
                      </button>
                    </li>
                  ))}
                </ul>
              ) : null}
            </>
          )}
        </div>
        <div>
          <label htmlFor={urlId} className="block text-sm font-semibold text-slate-700">
            URL Code (Optional)
          </label>
          <input
            id={urlId}
            value={urlCode}
            onChange={(event) => {
              setUrlCode(event.target.value)
              setError(null)
            }}
            placeholder="my-special-code"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            className="mt-1 min-h-11 w-full rounded-lg border border-slate-300 px-3 font-mono"
          />
          {error ? (
            <p id={errorId} role="alert" className="mt-1 text-sm text-red-700">
              {error}
            </p>
          ) : null}
        </div>
        <p className="text-sm text-slate-600">
          A 7-digit code will be generated automatically. You can optionally provide a URL-friendly code as
          well.
        </p>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? 'Creating...' : 'Create Code'}
          </Button>
        </div>
      </form>
    </Dialog>
  )
}
