import type { SessionUser } from '../../../../domain/profiles/profile.schema'
import { useSubAvailability, useUpdateSubAvailability } from '../api/sub-availability.queries'
import { SavedSwitch } from './saved-switch'

// "Available as a sub": when a player drops out of a game in the home area and the player's
// rating is in its range, they may be asked to take the spot.
export function SubAvailabilitySwitch({ user }: { user: SessionUser }) {
  const setting = useSubAvailability()
  return (
    <SavedSwitch
      label="Available as a sub"
      saved={setting.data?.availableAsSub}
      isLoading={setting.isPending}
      update={useUpdateSubAvailability()}
      savedMessage={(on) => (on ? 'You are available as a sub' : 'You are no longer available as a sub')}
      helpId="sub-availability-help"
      help={() =>
        user.homeState
          ? 'When a player drops out of a game in your home area that your rating fits, you may be asked to take the spot.'
          : 'Set your home area above: subs are asked for games there.'
      }
    />
  )
}
