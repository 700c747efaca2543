import { MapPin, Users } from 'lucide-react'
import { Link } from 'react-router'
import {
  kindLabel,
  type PlayDateKind,
  type PlayDateStatus,
  regionLabel,
  stateName,
} from '../../../../domain/play-dates/play-date.constants'
import { type ResultBadge, statusBadge } from '../lib/play-date-view'
import type { PlayDateSummary } from '../../../../domain/play-dates/play-date.schema'
import { isMembersFirst } from '../../../../domain/play-dates/group-offer'
import { formatStart } from '../../../../domain/play-dates/schedule'
import { serverTimeNoLaterThan } from '../../../lib/server-clock'
import { useNow } from '../../../lib/use-now'
import { DotParts } from '../../../components/ui/dot-parts'

// `result`: what the status alone would not say about a matched game's result (statusBadge).
export function StatusBadge({ status, result = null }: { status: PlayDateStatus; result?: ResultBadge }) {
  const badge = statusBadge(status, result)
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${badge.tone}`}
    >
      <span className="sr-only">Status: </span>
      {badge.label}
    </span>
  )
}

const kindTone: Record<PlayDateKind, string> = {
  challenge: 'bg-amber-100 text-amber-900',
  earn: 'bg-violet-100 text-violet-900',
  free: 'bg-emerald-100 text-emerald-900',
}

// Pay, Earn, or Free for a game that costs nothing (playDateKind).
export function TypeChip({ kind }: { kind: PlayDateKind }) {
  return (
    <span
      className={`inline-flex items-center rounded-md px-2 py-0.5 text-xs font-bold tracking-wide uppercase ${kindTone[kind]}`}
    >
      <span className="sr-only">Type: </span>
      {kindLabel(kind)}
    </span>
  )
}

// The state name, then one chip per region (the first is the primary region).
export function LocationChips({ state, regions }: { state: string; regions: readonly string[] }) {
  return (
    <div className="flex flex-wrap items-center gap-1.5">
      <span className="inline-flex items-center gap-1 text-sm font-medium text-slate-700">
        <MapPin aria-hidden="true" className="size-4 text-slate-500" />
        {stateName(state)}
      </span>
      <ul className="flex flex-wrap gap-1.5" aria-label="Regions">
        {regions.map((region) => (
          <li
            key={region}
            className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-800 ring-1 ring-slate-200 ring-inset"
          >
            {regionLabel(region)}
          </li>
        ))}
      </ul>
    </div>
  )
}

// A group's game still its members' (docs/decisions/0168): "Members first" with when everyone else
// may join, or "Members only". Once it opens to everyone nothing is shown (it is any game then),
// except to a `member` (of the group, or an admin: who may open the group's page, 0166), who reads
// "Group game" and the group's name.
// The group's name: as text, as a link to its page for a member (not on a card, which is one link
// as a whole; anyone else would find "Group not found" there), or left out (on its own page).
export function GroupGameBadge({
  playDate,
  groupName = 'text',
  member = false,
}: {
  playDate: Pick<PlayDateSummary, 'group' | 'timeZone'>
  groupName?: 'text' | 'link' | 'none'
  member?: boolean
}) {
  const group = playDate.group
  const browserNow = useNow().getTime()
  const now = serverTimeNoLaterThan(browserNow) ?? browserNow
  if (!group) return null
  const membersFirst = isMembersFirst(group.openToAllAt, now)
  if (!membersFirst && !member) return null
  const opens =
    membersFirst && group.openToAllAt
      ? formatStart(new Date(group.openToAllAt), playDate.timeZone ?? 'America/Phoenix')
      : null
  const name =
    groupName === 'link' && member ? (
      <Link to={`/groups/${group.id}`} className="font-semibold text-brand-800 underline underline-offset-2">
        {group.name}
      </Link>
    ) : groupName !== 'none' ? (
      group.name
    ) : null
  return (
    <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-700">
      <span className="inline-flex items-center gap-1 rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-900 ring-1 ring-brand-700/30 ring-inset">
        <Users aria-hidden="true" className="size-3.5" />
        {!membersFirst ? 'Group game' : opens ? 'Members first' : 'Members only'}
      </span>
      {name || opens ? (
        // The date and the time each stay whole ("Tue, Dec 1 ·" then "10:12 AM MST"), and the
        // dot after the group's name stays on its line.
        <span>
          {name}
          {opens ? (
            <>
              {name ? '\u00a0· open' : 'Open'} to everyone from <DotParts text={opens} />
            </>
          ) : null}
        </span>
      ) : null}
    </p>
  )
}
