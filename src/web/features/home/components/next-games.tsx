import { CalendarPlus, Hourglass, MessagesSquare, Search, Users } from 'lucide-react'
import { Link } from 'react-router'
import type { HomeGame, MyApplication } from '../../../../domain/play-dates/home.schema'
import type { TeamSummary } from '../../../../domain/play-dates/play-date.schema'
import { FaceGroup } from '../../../components/ui/avatar'
import { ButtonLink, wrapsWords } from '../../../components/ui/button'
import { useSession } from '../../auth'
import { otherTeam, PlayDateWhen, PlayDateWhere, requestCountLabel, TeamRecord } from '../../play-dates'
import { PlayerAvatar } from '../../team-builder'
import { useHome } from '../api/home.queries'
import { teamName } from '../lib/home-view'
import { HomeSection, SectionEmpty, SectionError, SectionLoading } from './home-section'

// The player's next games by start time (up to 3), soonest first: both teams, when and where,
// and the team chat one tap away once matched; under them, the other team's record. Then the
// games the player applied to that have not answered yet, and their waitlist places.
export function NextGames({ className }: { className?: string }) {
  const home = useHome()
  const viewerId = useSession().user?.id ?? ''
  return (
    <HomeSection id="next-games" title="Your next games" className={className}>
      {home.isPending ? (
        <SectionLoading label="Loading your games..." />
      ) : !home.data ? (
        <SectionError message="Could not load your next games." onRetry={() => void home.refetch()} />
      ) : home.data.nextGames.length === 0 ? (
        <SectionEmpty message="No games coming up.">
          <ButtonLink to="/playdates?tab=available&when=week">
            <Search aria-hidden="true" className="size-4" />
            Find one
          </ButtonLink>
          <ButtonLink to="/create-playdate" variant="secondary" className={wrapsWords}>
            <CalendarPlus aria-hidden="true" className="size-4" />
            Post a PlayDate
          </ButtonLink>
        </SectionEmpty>
      ) : (
        <ul className="grid gap-3">
          {home.data.nextGames.map((game) => (
            <GameItem key={game.id} game={game} viewerId={viewerId} />
          ))}
        </ul>
      )}
      {home.data && home.data.myApplications.length > 0 ? (
        <MyApplications applications={home.data.myApplications} />
      ) : null}
    </HomeSection>
  )
}

const waitingFor = (application: MyApplication) =>
  application.status === 'waitlisted'
    ? `You're #${application.position ?? 1} on the waitlist`
    : application.alone
      ? 'Joined alone · waiting for an answer'
      : 'Applied · waiting for an answer'

// Each links to its game, where the application can be withdrawn.
function MyApplications({ applications }: { applications: MyApplication[] }) {
  return (
    <div className="mt-4">
      <h3 className="mb-2 text-sm font-bold text-slate-700">Your applications</h3>
      <ul className="grid gap-2">
        {applications.map((application) => (
          <li key={application.requestId}>
            <Link
              to={`/playdates/${application.playDateId}`}
              className="flex min-h-11 items-start gap-3 rounded-xl border border-slate-200 bg-white px-4 py-3 text-sm hover:border-slate-300"
            >
              <Hourglass aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-500" />
              <span className="flex min-w-0 flex-col">
                <span className="font-semibold text-slate-900">{application.label}</span>
                <span className="text-slate-700">{waitingFor(application)}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  )
}

function TeamLine({ team }: { team: TeamSummary }) {
  const players = [team.captain, team.partner].filter((p) => p !== null)
  return (
    <span className="flex items-center gap-3">
      <FaceGroup>
        {players.map((player) => (
          <span key={player.id} className="rounded-full ring-2 ring-white">
            <PlayerAvatar player={player} />
          </span>
        ))}
      </FaceGroup>
      <span className="min-w-0">{teamName(team)}</span>
    </span>
  )
}

function GameItem({ game, viewerId }: { game: HomeGame; viewerId: string }) {
  const opponents = game.status === 'matched' ? game.respondingTeam : null
  const theirs = otherTeam(game.creatorTeam, opponents, viewerId)
  return (
    <li className="relative flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm transition-colors hover:border-slate-300 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-700">
      <p className="text-sm font-semibold">
        {opponents ? (
          <span className="text-blue-900">Matched</span>
        ) : (
          <span className="text-green-900">Open, waiting for a team</span>
        )}
      </p>
      <h3 className="font-bold text-slate-900">
        {/* The link covers the card; the Chat link sits above it. */}
        <Link
          to={`/playdates/${game.id}`}
          className="flex flex-col gap-1 after:absolute after:inset-0 after:rounded-2xl focus-visible:outline-none"
        >
          <TeamLine team={game.creatorTeam} />
          {opponents ? (
            <>
              <span className="pl-2 text-sm font-semibold text-slate-500">vs</span>
              <TeamLine team={opponents} />
            </>
          ) : null}
        </Link>
      </h3>
      {theirs ? <TeamRecord team={theirs} lead="Opponents" /> : null}
      <div className="space-y-1">
        <PlayDateWhen schedule={game} />
        <PlayDateWhere place={game} />
      </div>
      {opponents ? (
        <ButtonLink
          to={`/playdates/${game.id}#team-chat`}
          variant="secondary"
          className="relative z-10 self-start"
        >
          <MessagesSquare aria-hidden="true" className="size-4" />
          Chat
          <span className="sr-only">
            : {teamName(game.creatorTeam)} vs {teamName(opponents)}
          </span>
        </ButtonLink>
      ) : (
        <p className="inline-flex items-center gap-1 text-sm text-slate-700">
          <Users aria-hidden="true" className="size-4" />
          {requestCountLabel(game.requestCount)}
        </p>
      )}
    </li>
  )
}
