import { EyeOff } from 'lucide-react'
import { Link } from 'react-router'
import type { PublicProfileOutput } from '../../../../domain/profiles/public-profile.schema'

// On the player's own profile: who sees their birthdate and ZIP code (docs/decisions/0160).
export function PrivacyNote({ profile }: { profile: PublicProfileOutput['profile'] }) {
  const isPublic = profile.exact?.isPublic === true
  const shown = [profile.ageRange, profile.place].filter(Boolean).join(' · ')
  return (
    <div className="mt-3 flex items-start gap-2 rounded-xl bg-slate-50 px-4 pt-3 pb-1 text-sm text-slate-700">
      <EyeOff aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <div>
        <p>
          {isPublic
            ? 'Every player sees your birthdate and ZIP code.'
            : `Only you see your birthdate and ZIP code. Other players see: ${shown}.`}
        </p>
        <Link
          to="/profile#privacy"
          className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline underline-offset-2"
        >
          Change in Profile Settings
        </Link>
      </div>
    </div>
  )
}
