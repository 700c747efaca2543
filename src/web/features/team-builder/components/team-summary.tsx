import type { ReactNode } from 'react'
import { CircleAlert, CircleCheck, Crown, UserPlus, X } from 'lucide-react'
import type { SessionUser } from '../../../../domain/profiles/profile.schema'
import { duprLine, playingRating } from '../../../../domain/players/rating.rules'
import { ageGroupLabels, type Player } from '../../../../domain/team-builder/player.schema'
import {
  adjustedDuprHundredths,
  captainMember,
  evaluateTeam,
  formatHundredths,
  playerMember,
  REDUCTION,
  type TeamMember,
  type TeamSettings,
  toHundredths,
} from '../../../../domain/team-builder/team.rules'
import { fullName } from '../lib/players-view'
import { PlayerAvatar } from './player-avatar'

const formatRating = (rating: number) => formatHundredths(toHundredths(rating) ?? Math.round(rating * 100))

function Reductions({ member, settings }: { member: TeamMember; settings: TeamSettings }) {
  const notes: string[] = []
  if (settings.womenReduction && member.gender === 'female') notes.push(`Woman −${REDUCTION.toFixed(1)}`)
  if (settings.over50Reduction && member.isFiftyOrOver) notes.push(`50 or over −${REDUCTION.toFixed(1)}`)
  if (notes.length === 0) return null
  return (
    <ul className="mt-1 flex flex-wrap gap-1">
      {notes.map((note) => (
        <li key={note} className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800">
          {note}
        </li>
      ))}
    </ul>
  )
}

function MemberRow({
  name,
  detail,
  badge,
  avatar,
  member,
  settings,
  action,
  rating = `DUPR ${formatRating(member.duprRating)}`,
}: {
  name: string
  detail: string
  badge?: ReactNode
  avatar: ReactNode
  member: TeamMember
  settings: TeamSettings
  action?: ReactNode
  // How the rating the team counts is shown: 'DUPR 3.75', or 'Self-rated 3.00'.
  rating?: string
}) {
  const adjusted = adjustedDuprHundredths(member, settings)
  // Under 18 rem (a phone's text at some 125% and more) the face and Remove take a row of their
  // own and the words the full width under them, the adjusted rating on a line of its own: beside
  // the face and the rating the name was a letter a line (docs/decisions/0236).
  return (
    <li className="flex items-center gap-3 py-3 @max-[18rem]:flex-wrap @max-[18rem]:gap-y-1">
      {avatar}
      <div className="min-w-0 flex-1 @max-[18rem]:order-last @max-[18rem]:basis-full">
        <p className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
          <span className="min-w-0">{name}</span>
          {badge}
        </p>
        <p className="text-sm text-slate-600">
          {detail} · <span className="tabular-nums">{rating}</span>
        </p>
        <Reductions member={member} settings={settings} />
      </div>
      <div className="text-right @max-[18rem]:order-last @max-[18rem]:flex @max-[18rem]:basis-full @max-[18rem]:items-baseline @max-[18rem]:gap-2">
        <p className="text-xs font-semibold tracking-wide text-slate-600 uppercase">Adjusted</p>
        <p className="text-lg font-bold text-slate-900 tabular-nums">{formatHundredths(adjusted)}</p>
      </div>
      {action ? <div className="shrink-0 @max-[18rem]:ml-auto">{action}</div> : null}
    </li>
  )
}

export function TeamSummary({
  captain,
  players,
  settings,
  onRemove,
}: {
  captain: SessionUser
  players: Player[]
  settings: TeamSettings
  onRemove: (player: Player) => void
}) {
  // A captain without a DUPR rating yet counts with their self rating.
  const captainAsMember = captainMember({ ...captain, duprRating: playingRating(captain) })
  const members = players.map(playerMember)
  const result = evaluateTeam(captainAsMember, members, settings)
  const openSpots = settings.teamSize - 1 - players.length

  return (
    <section
      aria-labelledby="team-title"
      className="rounded-2xl border border-slate-200 bg-white p-[min(1.25rem,20px)] shadow-sm"
    >
      <h2 id="team-title" className="text-lg font-bold text-slate-900">
        Your team
      </h2>
      <ul className="@container mt-2 divide-y divide-slate-200">
        <MemberRow
          name={fullName(captain)}
          detail={`${captain.gender === 'female' ? 'Female' : 'Male'} · ${
            captainAsMember.isFiftyOrOver ? ageGroupLabels['50_or_over'] : ageGroupLabels.under_50
          }`}
          badge={
            <span className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
              <Crown aria-hidden="true" className="size-3" />
              Captain
            </span>
          }
          avatar={<PlayerAvatar player={captain} />}
          member={captainAsMember}
          rating={duprLine(captain)}
          settings={settings}
        />
        {players.map((player, index) => (
          <MemberRow
            key={player.id}
            name={fullName(player)}
            detail={`${player.gender === 'female' ? 'Female' : 'Male'} · ${ageGroupLabels[player.ageGroup]}`}
            avatar={<PlayerAvatar player={player} />}
            member={members[index] ?? playerMember(player)}
            settings={settings}
            action={
              <button
                type="button"
                onClick={() => onRemove(player)}
                className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-slate-900"
              >
                <X aria-hidden="true" className="size-5" />
                <span className="sr-only">Remove {fullName(player)} from the team</span>
              </button>
            }
          />
        ))}
        {Array.from({ length: Math.max(openSpots, 0) }, (_, index) => (
          <li
            key={`open-${index}`}
            className="flex items-center gap-3 py-3 text-slate-600 @max-[18rem]:flex-wrap @max-[18rem]:gap-y-1"
          >
            <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-full border-2 border-dashed border-slate-300">
              <UserPlus aria-hidden="true" className="size-4" />
            </span>
            <span className="min-w-0 @max-[18rem]:basis-full">
              Open spot: choose a player from the table below
            </span>
          </li>
        ))}
      </ul>

      <div
        role="status"
        aria-live="polite"
        className={`@container mt-4 flex flex-wrap items-center justify-between gap-3 rounded-xl border-2 p-[min(1rem,16px)] ${
          result.isWithinLimits ? 'border-brand-600 bg-brand-50' : 'border-red-600 bg-red-50'
        }`}
      >
        <div>
          <p className="text-sm font-semibold text-slate-700">Team total</p>
          {/* The cap goes under the total where it has no room beside it, each at its own line's
              height. */}
          <p className="flex flex-wrap items-baseline gap-x-2 text-2xl font-bold text-slate-900 tabular-nums">
            <span>{formatHundredths(result.total)}</span>{' '}
            <span className="text-base font-semibold text-slate-600">
              of {formatHundredths(result.cap)} max
            </span>
          </p>
        </div>
        <p
          // Its padding, the icon and the gap beside it in px, so larger text gives the words the
          // room: "Too High" keeps one line at 200% on a 375 px phone (docs/decisions/0238). Where
          // the box is narrow for its text, the verdict is a band across its foot, the box's own
          // padding at its sides given to the words: "Within Limits" keeps one line too (0239).
          className={`inline-flex items-center gap-[min(0.5rem,8px)] rounded-3xl px-[min(1rem,16px)] py-2 text-base font-bold [&>svg]:size-[min(1.25rem,20px)] [&>svg]:shrink-0 @max-[16rem]:-mx-[min(1rem,16px)] @max-[16rem]:-mb-[min(1rem,16px)] @max-[16rem]:basis-[calc(100%+min(2rem,32px))] @max-[16rem]:shrink-0 @max-[16rem]:justify-center @max-[16rem]:rounded-t-none @max-[16rem]:rounded-b-[10px] @max-[16rem]:px-[min(0.5rem,8px)] ${
            result.isWithinLimits ? 'bg-brand-700 text-white' : 'bg-red-700 text-white'
          }`}
        >
          {result.isWithinLimits ? <CircleCheck aria-hidden="true" /> : <CircleAlert aria-hidden="true" />}
          {result.label}
        </p>
      </div>
    </section>
  )
}
