import type { SessionUser } from '../../../../domain/profiles/profile.schema'
import { CheckboxField } from '../../../components/ui/form-controls'
import { errorDetail } from '../../../lib/api-client'
import { outcome } from '../../../lib/outcome'
import { toast } from '../../../lib/toast'
import { useSubAvailability, useUpdateSubAvailability } from '../api/sub-availability.queries'

// "Available as a sub": when a player drops out of a game in the home area and the player's
// rating is in its range, they may be asked to take the spot (saved at once, like a switch).
export function SubAvailabilitySwitch({ user }: { user: SessionUser }) {
  const setting = useSubAvailability()
  const update = useUpdateSubAvailability()
  const checked = update.isPending ? update.variables : (setting.data?.availableAsSub ?? false)
  return (
    <div className="mt-4 border-t border-slate-100 pt-4">
      <CheckboxField
        role="switch"
        label="Available as a sub"
        checked={checked}
        disabled={setting.isPending || update.isPending}
        aria-describedby="sub-availability-help"
        onChange={(event) => {
          const on = event.target.checked
          outcome(update.mutateAsync(on), {
            onSuccess: () =>
              toast.success(on ? 'You are available as a sub' : 'You are no longer available as a sub'),
            onError: (error) => toast.error('Could not save', { description: errorDetail(error) }),
          })
        }}
      />
      <p id="sub-availability-help" className="text-sm text-slate-600">
        {user.homeState
          ? 'When a player drops out of a game in your home area that your rating fits, you may be asked to take the spot.'
          : 'Set your home area above: subs are asked for games there.'}
      </p>
    </div>
  )
}
