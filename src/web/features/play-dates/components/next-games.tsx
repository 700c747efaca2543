import { CalendarPlus, MessagesSquare, Search } from 'lucide-react'
import { Link } from 'react-router'
import type { PlayDateSummary } from '../../../../domain/play-dates/play-date.schema'
import { ButtonLink } from '../../../components/ui/button'
import { Spinner } from '../../../components/ui/spinner'
import { usePlayDates } from '../api/play-dates.queries'
import { fullName } from '../lib/play-date-view'
import { PlayDateWhen, PlayDateWhere } from './play-date-when'

const SHOWN = 3

// The player's coming games, soonest first: matched ones with their chat one tap away, then
// their open PlayDates still waiting for a team.
export function upcoming(items: PlayDateSummary[], now: Date): PlayDateSummary[] {
  return items
    .filter((p) => p.startsAt !== null && new Date(p.startsAt).getTime() > now.getTime())
    .sort((a, b) => new Date(a.startsAt!).getTime() - new Date(b.startsAt!).getTime())
    .slice(0, SHOWN)
}

export function NextGames() {
  const mine = usePlayDates({ tab: 'mine' })
  const games = upcoming(mine.data?.pages.flatMap((page) => page.items) ?? [], new Date())
  return (
    <section aria-labelledby="next-games" className="mb-8">
      <h2 id="next-games" className="text-xl font-bold text-slate-900">
        Your next games
      </h2>
      {mine.isPending ? (
        <p role="status" className="mt-3 flex items-center gap-2 text-slate-700">
          <Spinner /> Loading your games...
        </p>
      ) : games.length === 0 ? (
        <div className="mt-3 rounded-2xl border border-dashed border-slate-300 bg-white p-5">
          <p className="font-semibold text-slate-900">No games coming up.</p>
          <div className="mt-3 flex flex-wrap gap-2">
            <ButtonLink to="/playdates?tab=available&when=week">
              <Search aria-hidden="true" className="size-4" />
              Find one
            </ButtonLink>
            <ButtonLink to="/create-playdate" variant="secondary">
              <CalendarPlus aria-hidden="true" className="size-4" />
              Post a PlayDate
            </ButtonLink>
          </div>
        </div>
      ) : (
        <ul className="mt-3 grid gap-3 md:grid-cols-2">
          {games.map((game) => {
            const team = [game.creatorTeam.captain, game.creatorTeam.partner].filter((p) => p !== null)
            return (
              <li key={game.id} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
                <p className="text-sm font-semibold text-brand-800">
                  {game.status === 'matched' ? 'Matched' : 'Open, waiting for a team'}
                </p>
                <h3 className="font-bold text-slate-900">
                  <Link to={`/playdates/${game.id}`} className="underline-offset-2 hover:underline">
                    {team.map(fullName).join(' & ')}
                  </Link>
                </h3>
                <div className="mt-2 space-y-1">
                  <PlayDateWhen schedule={game} />
                  <PlayDateWhere place={game} />
                </div>
                {game.status === 'matched' ? (
                  <ButtonLink
                    to={`/playdates/${game.id}#team-chat`}
                    variant="secondary"
                    size="sm"
                    className="mt-3"
                  >
                    <MessagesSquare aria-hidden="true" className="size-4" />
                    Chat
                  </ButtonLink>
                ) : null}
              </li>
            )
          })}
        </ul>
      )}
    </section>
  )
}
