import { Lock, MapPin, Users } from 'lucide-react'
import { Link } from 'react-router'
import { type GroupSummary, roleLabels, visibilityLabels } from '../../../../domain/groups/group.schema'

export const membersText = (count: number) => `${count} ${count === 1 ? 'member' : 'members'}`

// One of the player's groups: the whole card opens it.
export function GroupCard({ group }: { group: GroupSummary }) {
  return (
    <article className="relative flex h-full flex-col gap-2 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm hover:border-slate-300 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-700">
      <h2 className="text-lg font-bold text-slate-900">
        <Link
          to={`/groups/${group.id}`}
          className="after:absolute after:inset-0 after:rounded-2xl focus-visible:outline-none"
        >
          {group.name}
        </Link>
      </h2>
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-700">
        <span className="inline-flex items-center gap-1">
          <Users aria-hidden="true" className="size-4" />
          {membersText(group.memberCount)}
        </span>
        {group.visibility === 'invite_only' ? (
          <span className="inline-flex items-center gap-1">
            <Lock aria-hidden="true" className="size-4" />
            Invite-only
          </span>
        ) : null}
        {group.myRole ? (
          <span className="font-semibold text-brand-800">{roleLabels[group.myRole]}</span>
        ) : null}
      </p>
      {group.homeVenue ? (
        <p className="inline-flex items-center gap-1 text-sm text-slate-700">
          <MapPin aria-hidden="true" className="size-4 shrink-0" />
          {group.homeVenue.name}, {group.homeVenue.city}
        </p>
      ) : null}
      {group.closed ? <p className="text-sm font-semibold text-red-800">Closed</p> : null}
    </article>
  )
}

// A group's size, home venue and who can join, under its name on its page and its link's page.
export function GroupFacts({
  group,
}: {
  group: Pick<GroupSummary, 'memberCount' | 'homeVenue' | 'visibility'>
}) {
  return (
    <p className="-mt-4 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700">
      <span className="inline-flex items-center gap-1">
        <Users aria-hidden="true" className="size-4" />
        {membersText(group.memberCount)}
      </span>
      {group.homeVenue ? (
        <span className="inline-flex items-center gap-1">
          <MapPin aria-hidden="true" className="size-4" />
          {group.homeVenue.name}, {group.homeVenue.city}
        </span>
      ) : null}
      <span className="inline-flex items-center gap-1">
        {group.visibility === 'invite_only' ? <Lock aria-hidden="true" className="size-4" /> : null}
        {visibilityLabels[group.visibility]}
      </span>
    </p>
  )
}
