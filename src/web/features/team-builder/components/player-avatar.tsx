import { Link2 } from 'lucide-react'
import type { Player } from '../../../../domain/team-builder/player.schema'
import { avatarInitials } from '../../../../domain/profiles/avatar.rules'

// Initials in a circle; a small link mark when the player is a platform profile.
export function PlayerAvatar({
  player,
  tone = 'brand',
}: {
  player: Pick<Player, 'firstName' | 'lastName' | 'gender'> & { profileLinked?: boolean }
  tone?: 'brand' | 'captain'
}) {
  return (
    <span className="relative inline-flex shrink-0" aria-hidden="true">
      <span
        className={`inline-flex size-10 items-center justify-center rounded-full text-sm font-bold ${
          tone === 'captain'
            ? 'bg-brand-700 text-white'
            : player.gender === 'female'
              ? 'bg-purple-100 text-purple-900'
              : 'bg-sky-100 text-sky-900'
        }`}
      >
        {avatarInitials(player)}
      </span>
      {player.profileLinked ? (
        <span className="absolute -right-1 -bottom-1 inline-flex size-5 items-center justify-center rounded-full border-2 border-white bg-brand-700 text-white">
          <Link2 className="size-3" />
        </span>
      ) : null}
    </span>
  )
}
