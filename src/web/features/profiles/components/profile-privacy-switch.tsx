import { useProfilePrivacy, useUpdateProfilePrivacy } from '../api/profile-privacy.queries'
import { SavedSwitch } from './saved-switch'

// Other players see the age range and the city; with this on, the birthdate and the ZIP code too
// (docs/decisions/0160).
export function ProfilePrivacySwitch() {
  const setting = useProfilePrivacy()
  return (
    <SavedSwitch
      className="mt-6"
      label="Show my birthdate and ZIP code on my profile"
      saved={setting.data?.showsBirthdateAndZip}
      isLoading={setting.isPending}
      update={useUpdateProfilePrivacy()}
      savedMessage={(on) =>
        on
          ? 'Other players now see your birthdate and ZIP code'
          : 'Other players now see your age range and city only'
      }
      helpId="profile-privacy-help"
      help={(checked) =>
        checked
          ? 'Other players see your birthdate, age and ZIP code on your public profile.'
          : 'Other players see your age range (like “30s”) and your city, not your birthdate or ZIP code.'
      }
    />
  )
}
