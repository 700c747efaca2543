import { Mars, UserRound, Venus } from 'lucide-react'
import { Link } from 'react-router'
import type { PlayerSummary, TeamSummary } from '../../../../domain/play-dates/play-date.schema'
import { RELIABILITY_MONTHS, reliabilityLine } from '../../../../domain/play-dates/results.rules'
import { Avatar } from '../../../components/ui/avatar'
import { DotParts } from '../../../components/ui/dot-parts'
import { formatRating, fullName, teamCountsSelfRating, teamRatingLabel } from '../lib/play-date-view'

// `compact`: a small mark on the corner of a player's face, outside the initials a face without a
// photo shows.
export function GenderIcon({ gender, compact = false }: { gender: string; compact?: boolean }) {
  const Icon = gender === 'female' ? Venus : gender === 'male' ? Mars : UserRound
  const label = gender === 'female' ? 'Female' : gender === 'male' ? 'Male' : 'Other'
  return (
    <span
      className={`inline-flex shrink-0 items-center justify-center rounded-full ${
        compact ? 'size-4 ring-2 ring-white' : 'size-8'
      } ${gender === 'female' ? 'bg-pink-100 text-pink-800' : 'bg-sky-100 text-sky-800'}`}
    >
      <Icon aria-hidden="true" className={compact ? 'size-2.5' : 'size-4'} />
      <span className="sr-only">{label}</span>
    </span>
  )
}

export function Ratings({ player }: { player: Pick<PlayerSummary, 'duprRating' | 'selfRating'> }) {
  if (player.duprRating === null) {
    return (
      <span className="text-sm text-slate-600">
        Self-rated <span className="font-semibold text-slate-900">{formatRating(player.selfRating)}</span>
      </span>
    )
  }
  return (
    <span className="text-sm text-slate-600">
      DUPR <span className="font-semibold text-slate-900">{formatRating(player.duprRating)}</span>
      <span aria-hidden="true"> · </span>
      <span className="sr-only">, </span>
      Self <span className="font-semibold text-slate-900">{formatRating(player.selfRating)}</span>
    </span>
  )
}

// A player's name, leading to their profile.
export function PlayerLink({ player, className = '' }: { player: PlayerSummary; className?: string }) {
  return (
    <Link
      to={`/profile/${player.id}`}
      className={`font-semibold break-words text-brand-800 underline decoration-brand-800/40 underline-offset-2 hover:decoration-brand-800 ${className}`.trim()}
    >
      {fullName(player)}
    </Link>
  )
}

// The whole row leads to the player's profile: its name is the link, and the link covers the row
// (a target as tall as the face, at least 44 px).
// A player who came to a PlayDate's side on their own, not with the partner they applied or
// posted with, is said to have "Joined alone" beside the tag (docs/decisions/0207).
function PlayerRow({ player, tag }: { player: PlayerSummary; tag: string }) {
  return (
    <li className="relative flex items-center gap-3 py-2">
      <span className="relative shrink-0">
        <Avatar person={player} size="md" />
        <span className="absolute -right-1.5 -bottom-1.5 flex">
          <GenderIcon gender={player.gender} compact />
        </span>
      </span>
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-x-2 font-semibold text-slate-900">
          <PlayerLink
            player={player}
            className="min-w-0 after:absolute after:inset-0 after:rounded-lg focus-visible:outline-none focus-visible:after:outline-3 focus-visible:after:outline-brand-700 focus-visible:after:outline-solid"
          />
          <span className="rounded bg-brand-50 px-1.5 py-0.5 text-xs font-semibold text-brand-800 ring-1 ring-brand-200 ring-inset">
            {tag}
          </span>
          {player.joinedAlone ? (
            <span className="text-sm font-normal text-slate-600">Joined alone</span>
          ) : null}
        </p>
        <Ratings player={player} />
        {player.reliability ? (
          <p className="text-sm text-slate-600">
            <span className="sr-only">Over the last {RELIABILITY_MONTHS} months: </span>
            <DotParts text={reliabilityLine(player.reliability)} />
          </p>
        ) : null}
      </div>
    </li>
  )
}

// A two-player team with its averages. `tags` name the roles: Creator / Partner for the
// creator team, Captain / Partner for a responding team.
// A spot no one holds yet: "Open spot · partner wanted".
export function OpenSpotRow({ label }: { label: string }) {
  return (
    <li className="flex items-center gap-3 py-2">
      <span
        aria-hidden="true"
        className="size-10 shrink-0 rounded-full border-2 border-dashed border-slate-300 bg-slate-50"
      />
      <p className="font-semibold text-slate-700">{label}</p>
    </li>
  )
}

// `openSpot`: the partner's spot is still open, said so in its row. The spec's tags stay whoever
// of the team joined alone.
export function TeamRoster({
  team,
  tags,
  openSpot,
}: {
  team: TeamSummary
  tags: readonly [captain: string, partner: string]
  openSpot?: string | undefined
}) {
  return (
    <div>
      <ul className="divide-y divide-slate-100">
        <PlayerRow player={team.captain} tag={tags[0]} />
        {team.partner ? <PlayerRow player={team.partner} tag={tags[1]} /> : null}
        {!team.partner && openSpot ? <OpenSpotRow label={openSpot} /> : null}
      </ul>
      <dl className="mt-2 grid grid-cols-2 gap-2 rounded-lg bg-slate-50 p-3 text-sm">
        <div>
          <dt className="text-slate-600">{teamRatingLabel(team)}</dt>
          <dd className="text-base font-bold text-slate-900">
            {formatRating(team.averageDupr)}
            {teamCountsSelfRating(team) ? (
              <span className="block text-sm font-normal text-slate-600">Counts a self rating</span>
            ) : null}
          </dd>
        </div>
        <div>
          <dt className="text-slate-600">{team.partner ? 'Team Self' : 'Self rating'}</dt>
          <dd className="text-base font-bold text-slate-900">{formatRating(team.averageSelf)}</dd>
        </div>
      </dl>
    </div>
  )
}
