import { CheckboxField } from '../../../components/ui/form-controls'
import { errorDetail } from '../../../lib/api-client'
import { outcome } from '../../../lib/outcome'
import { toast } from '../../../lib/toast'
import { useProfilePrivacy, useUpdateProfilePrivacy } from '../api/profile-privacy.queries'

// Other players see the age range and the city; with this on, the birthdate and the ZIP code too
// (saved at once, like a switch; docs/decisions/0160).
export function ProfilePrivacySwitch() {
  const setting = useProfilePrivacy()
  const update = useUpdateProfilePrivacy()
  const checked = update.isPending ? update.variables : (setting.data?.showsBirthdateAndZip ?? false)
  return (
    <div className="mt-6 border-t border-slate-100 pt-4">
      <CheckboxField
        role="switch"
        label="Show my birthdate and ZIP code on my profile"
        checked={checked}
        disabled={setting.isPending || update.isPending}
        aria-describedby="profile-privacy-help"
        onChange={(event) => {
          const on = event.target.checked
          outcome(update.mutateAsync(on), {
            onSuccess: () =>
              toast.success(
                on
                  ? 'Other players now see your birthdate and ZIP code'
                  : 'Other players now see your age range and city only',
              ),
            onError: (error) => toast.error('Could not save', { description: errorDetail(error) }),
          })
        }}
      />
      <p id="profile-privacy-help" className="text-sm text-slate-600">
        {checked
          ? 'Other players see your birthdate, age and ZIP code on your public profile.'
          : 'Other players see your age range (like “30s”) and your city, not your birthdate or ZIP code.'}
      </p>
    </div>
  )
}
