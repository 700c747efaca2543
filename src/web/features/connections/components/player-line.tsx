import { Link } from 'react-router'
import type { PlayerSummary } from '../../../../domain/connections/connection.schema'
import { RatingsText } from '../../../components/ui/ratings-text'
import { Avatar } from '../../../components/ui/avatar'

// The player's face, name (to the public profile) and both ratings to two decimals.
export function PlayerLine({ player, headingLevel = 3 }: { player: PlayerSummary; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  return (
    <div className="flex min-w-0 items-center gap-3">
      <Avatar person={player} size="md" />
      <div className="min-w-0">
        <Heading className="font-semibold text-slate-900">
          <Link
            to={`/profile/${player.id}`}
            className="inline-flex min-h-11 items-center hover:text-brand-800 hover:underline"
          >
            {player.firstName} {player.lastName}
          </Link>
        </Heading>
        <p className="text-sm text-slate-600">
          <RatingsText player={player} />
        </p>
      </div>
    </div>
  )
}
