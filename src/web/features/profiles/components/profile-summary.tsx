import { Cake, MapPin } from 'lucide-react'
import type { ReactNode } from 'react'
import type { PublicProfileOutput } from '../../../../domain/profiles/public-profile.schema'
import { Avatar } from '../../../components/ui/avatar'
import { PlaysAt } from './plays-at'
import { formatLongDay } from '../../../../domain/display-dates'

function Stat({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="rounded-xl bg-slate-50 px-4 py-3">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="text-xl font-bold text-slate-900">{value}</dd>
    </div>
  )
}

// The player's face (the name beside it says whose), name, their bio, both ratings to two
// decimals, the age range and the city, or the exact age, birthdate and ZIP code where the server
// sent them (docs/decisions/0160), and the venues they play at. The bio is shown as the text it is.
export function ProfileSummary({
  profile,
  actions,
}: {
  profile: PublicProfileOutput['profile']
  actions?: ReactNode
}) {
  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        {/* The name and place go under the face where they have under 8 rem beside it
            (docs/decisions/0228). */}
        <div className="flex flex-wrap items-center gap-4">
          <Avatar person={profile} size="xl" />
          <div className="min-w-0 flex-1 basis-32">
            <h1 className="text-title font-bold tracking-tight text-slate-900 sm:text-3xl">
              {profile.firstName} {profile.lastName}
            </h1>
            {profile.place || profile.exact?.zipCode ? (
              <p className="mt-1 flex items-center gap-1 text-slate-600">
                <MapPin aria-hidden="true" className="size-4 shrink-0" />
                <span className="sr-only">Lives in </span>
                {[profile.place, profile.exact?.zipCode].filter(Boolean).join(' ')}
              </p>
            ) : null}
            {profile.exact ? (
              <p className="mt-1 flex items-center gap-1 text-slate-600">
                <Cake aria-hidden="true" className="size-4 shrink-0" />
                Born {formatLongDay(profile.exact.birthdate)}
              </p>
            ) : null}
          </div>
        </div>
        {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
      </div>
      {profile.bio ? (
        <p className="mt-4 max-w-prose whitespace-pre-line text-slate-800">{profile.bio}</p>
      ) : null}
      <dl className="mt-5 grid grid-cols-3 gap-2 sm:max-w-md">
        <Stat
          label="DUPR"
          value={
            profile.duprRating === null ? (
              <>
                <span className="block text-sm font-semibold">Self-rated</span>{' '}
                {profile.selfRating.toFixed(2)}
              </>
            ) : (
              profile.duprRating.toFixed(2)
            )
          }
        />
        <Stat label="Self rating" value={profile.selfRating.toFixed(2)} />
        <Stat label="Age" value={profile.exact ? profile.exact.age : profile.ageRange} />
      </dl>
      {profile.playsAt.length > 0 ? <PlaysAt venues={profile.playsAt} headingId="plays-at-heading" /> : null}
    </section>
  )
}
