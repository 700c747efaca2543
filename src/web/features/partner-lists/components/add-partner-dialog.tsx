import { TextField } from '../../../components/ui/form-controls'
import { zodResolver } from '@hookform/resolvers/zod'
import { Check, UserPlus } from 'lucide-react'
import { type KeyboardEvent, useId, useRef, useState } from 'react'
import { type Resolver, useForm } from 'react-hook-form'
import { toast } from '../../../lib/toast'
import { isAlreadyInList } from '../../../../domain/partner-lists/partner-list.rules'
import {
  ALREADY_IN_LIST,
  type ManualEntryFormValues,
  type ManualEntryInput,
  manualEntryInput,
  type PartnerEntry,
} from '../../../../domain/partner-lists/partner-list.schema'
import { Button } from '../../../components/ui/button'
import { Dialog, FormActions } from '../../../components/ui/dialog'
import { Spinner } from '../../../components/ui/spinner'
import { errorDetail, isApiError } from '../../../lib/api-client'
import { tabKeyTarget } from '../../../lib/tab-keys'
import { useAddFriendEntry, useAddManualEntry, usePartnerListFriends } from '../api/partner-lists.queries'
import { RatingsText } from '../../../components/ui/ratings-text'

type Tab = 'friend' | 'manual'
const tabs: Array<{ id: Tab; label: string }> = [
  { id: 'friend', label: 'Select Friend' },
  { id: 'manual', label: 'Add Manually' },
]

const addError = (error: unknown) => toast.error('Error adding partner', { description: errorDetail(error) })

// 'Add Partner': a friend from the player's friends, or anyone by name.
export function AddPartnerDialog({
  open,
  listId,
  entries,
  onClose,
}: {
  open: boolean
  listId: string
  entries: PartnerEntry[]
  onClose: () => void
}) {
  return (
    <Dialog open={open} title="Add Partner" onClose={onClose}>
      {open ? <AddPartnerTabs listId={listId} entries={entries} onClose={onClose} /> : null}
    </Dialog>
  )
}

function AddPartnerTabs({
  listId,
  entries,
  onClose,
}: {
  listId: string
  entries: PartnerEntry[]
  onClose: () => void
}) {
  const [tab, setTab] = useState<Tab>('friend')
  const id = useId()
  const tabRefs = useRef<Record<Tab, HTMLButtonElement | null>>({ friend: null, manual: null })

  // Arrow keys move between the two tabs (and select them), as in every tab strip.
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const next = tabKeyTarget(
      event.key,
      tabs.findIndex((t) => t.id === tab),
      tabs.length,
    )
    if (next === null) return
    event.preventDefault()
    const target = tabs[next]!.id
    setTab(target)
    tabRefs.current[target]?.focus()
  }

  return (
    <div>
      <div
        role="tablist"
        aria-label="How to add a partner"
        className="grid grid-cols-2 rounded-lg bg-slate-100 p-1"
      >
        {tabs.map((t) => (
          <button
            key={t.id}
            ref={(node) => {
              tabRefs.current[t.id] = node
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${t.id}`}
            aria-selected={tab === t.id}
            data-autofocus={tab === t.id ? true : undefined}
            aria-controls={`${id}-panel-${t.id}`}
            tabIndex={tab === t.id ? 0 : -1}
            onClick={() => setTab(t.id)}
            onKeyDown={onKeyDown}
            className={`min-h-11 rounded-md px-3 text-sm font-semibold ${
              tab === t.id ? 'bg-white text-brand-900 shadow-sm' : 'text-slate-700 hover:text-slate-900'
            }`}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-panel-${tab}`} aria-labelledby={`${id}-tab-${tab}`} className="mt-4">
        {tab === 'friend' ? (
          <SelectFriend listId={listId} entries={entries} onClose={onClose} />
        ) : (
          <AddManually listId={listId} onClose={onClose} />
        )}
      </div>
    </div>
  )
}

function SelectFriend({
  listId,
  entries,
  onClose,
}: {
  listId: string
  entries: PartnerEntry[]
  onClose: () => void
}) {
  const friends = usePartnerListFriends()
  const add = useAddFriendEntry(listId)
  const [adding, setAdding] = useState<string | null>(null)

  const addFriend = async (friendId: string) => {
    setAdding(friendId)
    try {
      await add.mutateAsync(friendId)
      toast.success('Partner added to list')
      onClose()
    } catch (error) {
      addError(error)
    } finally {
      setAdding(null)
    }
  }

  if (friends.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 text-slate-700">
        <Spinner /> Loading friends...
      </p>
    )
  }
  if (friends.isError) {
    return (
      <div role="alert" className="text-slate-700">
        <p>Error loading friends</p>
        <Button variant="secondary" size="sm" className="mt-2" onClick={() => void friends.refetch()}>
          Try Again
        </Button>
      </div>
    )
  }
  if (friends.data.length === 0) {
    return <p className="text-slate-700">You have no friends to add yet. Add partners manually instead.</p>
  }
  return (
    <ul className="max-h-80 divide-y divide-slate-200 overflow-y-auto rounded-lg border border-slate-200">
      {friends.data.map((friend) => {
        const listed = isAlreadyInList(entries, friend)
        const name = `${friend.firstName} ${friend.lastName}`
        return (
          <li key={friend.id} className="flex items-center justify-between gap-3 p-3">
            <div className="min-w-0">
              <p className="font-semibold text-slate-900">{name}</p>
              <p className="text-sm text-slate-600">
                <RatingsText player={friend} />
              </p>
            </div>
            {listed ? (
              <Button variant="secondary" size="sm" disabled aria-label={`${name}: ${ALREADY_IN_LIST}`}>
                <Check aria-hidden="true" className="size-4" />
                {ALREADY_IN_LIST}
              </Button>
            ) : (
              <Button
                size="sm"
                onClick={() => void addFriend(friend.id)}
                disabled={adding !== null}
                aria-busy={adding === friend.id}
                aria-label={`Add ${name}`}
              >
                <UserPlus aria-hidden="true" className="size-4" />
                {adding === friend.id ? 'Adding...' : 'Add'}
              </Button>
            )}
          </li>
        )
      })}
    </ul>
  )
}

function AddManually({ listId, onClose }: { listId: string; onClose: () => void }) {
  const add = useAddManualEntry(listId)
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ManualEntryFormValues, unknown, ManualEntryInput>({
    resolver: zodResolver(manualEntryInput) as Resolver<ManualEntryFormValues, unknown, ManualEntryInput>,
    defaultValues: { firstName: '', lastName: '', email: '' },
  })

  const onSubmit = handleSubmit(async (input) => {
    try {
      await add.mutateAsync(input)
      toast.success('Partner added to list')
      onClose()
    } catch (error) {
      const fields = isApiError(error) ? error.fields : undefined
      for (const name of ['firstName', 'lastName', 'email'] as const) {
        if (fields?.[name]) setError(name, { message: fields[name] })
      }
      addError(error)
    }
  })

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Add Manually" className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="First name"
          autoComplete="off"
          maxLength={50}
          error={errors.firstName?.message}
          {...register('firstName')}
        />
        <TextField
          label="Last name"
          autoComplete="off"
          maxLength={50}
          error={errors.lastName?.message}
          {...register('lastName')}
        />
      </div>
      <TextField
        label="Email (optional)"
        type="email"
        inputMode="email"
        autoComplete="off"
        hint="Needed to send an invitation to join."
        error={errors.email?.message}
        {...register('email')}
      />
      <FormActions onCancel={onClose} isPending={add.isPending} pendingLabel="Adding...">
        Add Partner
      </FormActions>
    </form>
  )
}
