import { X } from 'lucide-react'
import { useId, useState } from 'react'
import { useForm } from 'react-hook-form'
import { z } from 'zod'
import { toast } from '../../../lib/toast'
import { urlCodeInput } from '../../../../domain/admin/admin.schema'
import { Dialog, FormActions } from '../../../components/ui/dialog'
import { SearchField, TextField } from '../../../components/ui/form-controls'
import { isApiError } from '../../../lib/api-client'
import { mappedZodResolver } from '../../../lib/mapped-zod-resolver'
import { useCreateSignupCode, useUserSearch } from '../api/admin.queries'

type Picked = { id: string; firstName: string; lastName: string }

interface CodeValues {
  urlCode: string
}

// The URL code is optional: left blank, only the generated code is made. One typed is checked by
// the route's own rule, with its messages.
const resolver = mappedZodResolver<CodeValues, { urlCode?: string | undefined }>(
  z.object({ urlCode: urlCodeInput.optional() }),
  (values) => ({ urlCode: values.urlCode.trim() || undefined }),
)

export function CreateCodeDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [term, setTerm] = useState('')
  const [user, setUser] = useState<Picked | null>(null)
  const create = useCreateSignupCode()
  const search = useUserSearch(user ? '' : term)
  const assignId = useId()
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<CodeValues, unknown, { urlCode?: string | undefined }>({
    resolver,
    defaultValues: { urlCode: '' },
  })

  const close = () => {
    setTerm('')
    setUser(null)
    reset()
    onClose()
  }

  const submit = handleSubmit(async ({ urlCode }) => {
    try {
      await create.mutateAsync({ urlCode, assignedToId: user?.id ?? null })
      toast.success('Code created successfully')
      close()
    } catch (err) {
      const message = isApiError(err) ? (err.fields?.urlCode ?? err.message) : 'Error creating code'
      setError('urlCode', { type: 'server', message }, { shouldFocus: true })
      toast.error('Error creating code')
    }
  })

  return (
    <Dialog open={open} onClose={close} title="Create Signup Code">
      <form onSubmit={(event) => void submit(event)} className="space-y-4" noValidate>
        {user ? (
          <div role="group" aria-labelledby={assignId}>
            <p id={assignId} className="mb-1 text-sm font-semibold text-slate-800">
              Assign to User (Optional)
            </p>
            <div className="flex items-center justify-between rounded-lg border border-slate-300 bg-slate-50 px-3 py-2">
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
          </div>
        ) : (
          <div>
            <SearchField
              data-autofocus
              label="Assign to User (Optional)"
              value={term}
              onValueChange={setTerm}
              placeholder="Search users by name..."
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
          </div>
        )}
        <TextField
          label="URL Code (Optional)"
          placeholder="my-special-code"
          controlClassName="font-mono"
          error={errors.urlCode?.message}
          {...register('urlCode')}
        />
        <p className="text-sm text-slate-600">
          A 7-digit code will be generated automatically. You can optionally provide a URL-friendly code as
          well.
        </p>
        <FormActions onCancel={close} isPending={create.isPending} pendingLabel="Creating...">
          Create Code
        </FormActions>
      </form>
    </Dialog>
  )
}
