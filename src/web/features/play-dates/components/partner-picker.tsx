import { CheckCircle2, Handshake, Users } from 'lucide-react'
import { Link } from 'react-router'
import { Button } from '../../../components/ui/button'
import { Spinner } from '../../../components/ui/spinner'
import type { PartnerOption } from '../api/play-dates.queries'
import { applyMessages } from '../lib/apply-errors'
import { fullName } from '../lib/play-date-view'
import { GenderIcon, Ratings } from './team-roster'

// The picker of friends once they have loaded; till then that they are loading, or that they
// could not be, with Try Again.
export function FriendsPartnerPicker({
  friends,
  ...picker
}: {
  friends: {
    data?: readonly PartnerOption[] | undefined
    isPending: boolean
    isError: boolean
    refetch: () => unknown
  }
} & Omit<Parameters<typeof PartnerPicker>[0], 'label' | 'options'>) {
  if (friends.isPending)
    return (
      <p role="status" className="flex items-center gap-2 text-slate-700">
        <Spinner /> Loading friends...
      </p>
    )
  if (friends.isError)
    return (
      <div role="alert" className="rounded-xl bg-red-50 p-4 text-red-900">
        <p className="font-semibold">{applyMessages.friendsFailed}</p>
        <Button variant="secondary" size="sm" className="mt-2" onClick={() => void friends.refetch()}>
          Try Again
        </Button>
      </div>
    )
  return <PartnerPicker label="Friends" options={friends.data ?? []} {...picker} />
}

// The player's accepted friends, regular partners first (the server sorts them). One can be
// chosen; choosing it again clears the choice. `unavailable` names friends who cannot be picked:
// they are listed with the reason, and "Available Friends" does not count them.
export function PartnerPicker({
  label,
  options,
  selectedId,
  onChange,
  requirement,
  unavailable,
  describedBy,
}: {
  label: string
  options: readonly PartnerOption[]
  selectedId: string | undefined
  onChange: (id: string | undefined) => void
  requirement: string
  unavailable?: ReadonlyMap<string, string>
  describedBy?: string
}) {
  const available = options.filter((option) => !unavailable?.has(option.id)).length
  return (
    <div>
      {/* The words go under the icon where they have under 8 rem beside it. */}
      <div className="mb-4 flex flex-wrap items-start gap-3 rounded-xl bg-brand-50 p-3 text-brand-900 ring-1 ring-brand-200 ring-inset">
        <Users aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        <div className="min-w-0 flex-1 basis-32">
          <p className="font-semibold">Available Friends: {available}</p>
          <p className="text-sm">{requirement}</p>
        </div>
      </div>
      {options.length === 0 ? (
        <div className="rounded-xl border border-dashed border-slate-300 p-6 text-center">
          <p className="font-semibold text-slate-900">No friends yet</p>
          <p className="mt-1 text-sm text-slate-600">
            Add friends in{' '}
            <Link to="/connections" className="font-semibold text-brand-800 underline underline-offset-2">
              Player Connections
            </Link>{' '}
            to choose a partner.
          </p>
        </div>
      ) : (
        // The group names the choice; the list inside keeps its list semantics (a list given
        // the group role would leave its items outside any list).
        <div role="group" aria-label={label} aria-describedby={describedBy}>
          <ul className="grid gap-2">
            {options.map((option) => {
              const selected = option.id === selectedId
              const reason = unavailable?.get(option.id)
              return (
                // Under 13 rem (a phone's text made much larger) the name and ratings take the
                // button's width under the icon and the tick (docs/decisions/0228).
                <li key={option.id} className="@container">
                  <button
                    type="button"
                    aria-pressed={selected}
                    disabled={reason !== undefined}
                    onClick={() => onChange(selected ? undefined : option.id)}
                    className={`flex min-h-16 w-full items-center gap-3 rounded-xl border-2 px-3 py-2 text-left transition-colors @max-[13rem]:flex-wrap disabled:cursor-not-allowed disabled:opacity-60 ${
                      selected
                        ? 'border-brand-700 bg-brand-50'
                        : 'border-slate-200 bg-white hover:border-slate-300 hover:bg-slate-50'
                    }`}
                  >
                    <GenderIcon gender={option.gender} />
                    <span className="min-w-0 flex-1 @max-[13rem]:order-last @max-[13rem]:basis-full">
                      <span className="flex flex-wrap items-center gap-x-2 font-semibold text-slate-900">
                        <span>{fullName(option)}</span>
                        {option.isRegularPartner ? (
                          <span className="inline-flex items-center gap-1 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-semibold text-amber-900">
                            <Handshake aria-hidden="true" className="size-3.5" />
                            Regular partner
                          </span>
                        ) : null}
                      </span>
                      <span className="block">
                        <Ratings player={option} />
                      </span>
                      {reason ? <span className="block text-sm text-slate-600">{reason}</span> : null}
                    </span>
                    <CheckCircle2
                      aria-hidden="true"
                      className={`size-6 shrink-0 @max-[13rem]:ml-auto ${selected ? 'text-brand-700' : 'text-transparent'}`}
                    />
                  </button>
                </li>
              )
            })}
          </ul>
        </div>
      )}
    </div>
  )
}
