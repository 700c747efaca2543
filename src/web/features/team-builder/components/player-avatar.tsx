import { Link2 } from 'lucide-react'
import { Avatar } from '../../../components/ui/avatar'

// The player's face as on every other screen (their photo, or their initials on their own
// colour), with a small link mark when the player is a platform profile.
export function PlayerAvatar({
  player,
}: {
  player: { firstName: string; lastName: string; photoUrl?: string | null; profileLinked?: boolean }
}) {
  return (
    <span className="relative inline-flex shrink-0" aria-hidden="true">
      <Avatar person={{ ...player, photoUrl: player.photoUrl ?? null }} size="md" />
      {player.profileLinked ? (
        <span className="absolute -right-1 -bottom-1 inline-flex size-5 items-center justify-center rounded-full border-2 border-white bg-brand-700 text-white">
          <Link2 className="size-3" />
        </span>
      ) : null}
    </span>
  )
}
