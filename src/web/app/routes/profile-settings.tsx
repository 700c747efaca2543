import { ExternalLink } from 'lucide-react'
import { Link } from 'react-router'
import { Button } from '../../components/ui/button'
import { Card } from '../../components/ui/card'
import { PageHeader } from '../../components/ui/page-header'
import { PageLoading } from '../../components/ui/spinner'
import { AppearanceSettings } from '../../features/appearance'
import { ChangePasswordForm, FormAlert, ProfileForm, useOwnProfile } from '../../features/auth'
import { NotificationPreferencesForm, QuietHoursForm } from '../../features/notifications'
import { PushSettings } from '../../features/push'
import { CalendarFeed, ResultsExport } from '../../features/play-dates'
import {
  DuprIdForm,
  HomeAreaForm,
  HomeLocationForm,
  ProfileAboutForm,
  ProfilePhotoForm,
  ProfilePrivacySwitch,
  SubAvailabilitySwitch,
  useProfileAbout,
} from '../../features/profiles'

export default function ProfileSettingsPage() {
  const profile = useOwnProfile()
  // Asked at once with the profile, so the About card comes with the others.
  const about = useProfileAbout()

  return (
    <div className="mx-auto w-full max-w-3xl">
      <PageHeader
        title="Profile Settings"
        description="Keep your details and ratings up to date so partners can find you."
        actions={
          profile.data ? (
            <Link
              to={`/profile/${profile.data.id}`}
              className="inline-flex min-h-11 items-center gap-2 rounded-lg border border-slate-300 bg-white px-4 text-sm font-semibold text-slate-900 shadow-sm hover:bg-slate-50"
            >
              <ExternalLink aria-hidden="true" className="size-4" />
              View public profile
            </Link>
          ) : null
        }
      />
      {profile.isPending || about.isPending ? (
        // The cards come with the profile, all at once: nothing on screen moves when it arrives.
        <div className="min-h-[70vh]">
          <PageLoading />
        </div>
      ) : (
        <>
          <SectionLinks />
          <SettingsCards profile={profile} />
        </>
      )}
    </div>
  )
}

// The page holds a dozen cards, several screens tall on a phone: a row of links at the top takes a
// player straight to the one they came for.
const SECTIONS = [
  ['profile', 'Profile'],
  ['where-you-play', 'Where you play'],
  ['notifications', 'Notifications'],
  ['calendar', 'Calendar'],
  ['results', 'Results'],
  ['password', 'Password'],
  ['appearance', 'Appearance'],
] as const

function SectionLinks() {
  return (
    <nav aria-label="Settings on this page" className="mb-6">
      <ul className="flex flex-wrap gap-2">
        {SECTIONS.map(([id, label]) => (
          <li key={id}>
            <Link
              to={`#${id}`}
              className="inline-flex min-h-11 items-center rounded-full border border-slate-300 bg-white px-4 text-sm font-semibold text-slate-800 shadow-sm hover:bg-slate-50"
            >
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}

function SettingsCards({ profile }: { profile: ReturnType<typeof useOwnProfile> }) {
  return (
    <div className="space-y-6">
      {profile.data ? (
        <Card>
          <h2 className="mb-4 text-lg font-bold text-slate-900">Your photo</h2>
          <ProfilePhotoForm user={profile.data} />
        </Card>
      ) : null}
      <Card id="profile" tabIndex={-1} className="scroll-mt-24">
        <h2 id="profile-heading" className="mb-4 text-lg font-bold text-slate-900">
          Your profile
        </h2>
        {profile.data ? (
          <>
            <p className="mb-4 text-sm text-slate-600">
              Signed in as <strong className="break-all">{profile.data.email}</strong>
            </p>
            <ProfileForm user={profile.data} />
            <div id="privacy" className="scroll-mt-20">
              <ProfilePrivacySwitch />
            </div>
          </>
        ) : (
          <>
            <FormAlert>Error loading profile</FormAlert>
            <Button
              variant="secondary"
              size="sm"
              className="mt-3"
              onClick={() => void profile.refetch()}
              disabled={profile.isFetching}
            >
              Try Again
            </Button>
          </>
        )}
      </Card>
      {profile.data ? (
        <Card>
          <h2 id="about-heading" className="mb-4 text-lg font-bold text-slate-900">
            About you
          </h2>
          <ProfileAboutForm user={profile.data} />
        </Card>
      ) : null}
      {profile.data ? (
        <Card id="where-you-play" tabIndex={-1} className="scroll-mt-24">
          <h2 className="mb-2 text-lg font-bold text-slate-900">Where you play</h2>
          <HomeLocationForm />
          <hr className="my-4 border-slate-200" />
          <HomeAreaForm key={`${profile.data.homeState}-${profile.data.homeRegion}`} user={profile.data} />
          <SubAvailabilitySwitch user={profile.data} />
        </Card>
      ) : null}
      {profile.data ? (
        <Card>
          <h2 id="dupr-id-heading" className="mb-2 text-lg font-bold text-slate-900">
            DUPR ID
          </h2>
          <p className="mb-3 text-sm text-slate-600">
            Your ID on DUPR goes beside your name in your results file, so DUPR can match the games to you.
          </p>
          <DuprIdForm key={profile.data.duprId ?? ''} user={profile.data} />
        </Card>
      ) : null}
      <Card id="results" tabIndex={-1} className="scroll-mt-24">
        <h2 className="mb-2 text-lg font-bold text-slate-900">Your results</h2>
        <ResultsExport />
      </Card>
      <Card id="password" tabIndex={-1} className="scroll-mt-24">
        <h2 id="password-heading" className="mb-4 text-lg font-bold text-slate-900">
          Change password
        </h2>
        <ChangePasswordForm />
      </Card>
      <Card id="notifications" tabIndex={-1} className="scroll-mt-24">
        <h2 id="notifications-heading" className="mb-2 text-lg font-bold text-slate-900">
          Notifications
        </h2>
        <p className="mb-2 text-sm text-slate-600">
          Choose what you hear about, in the app, by email and by push. Push reaches the devices where it is
          turned on, just below.
        </p>
        <NotificationPreferencesForm />
        {/* Turning push on for this device sits under the Push ticks it makes work; quiet hours
            hold both email and push, so they come last. */}
        <PushSettings />
        <QuietHoursForm />
      </Card>
      <Card id="calendar" tabIndex={-1} className="scroll-mt-24">
        <h2 className="mb-4 text-lg font-bold text-slate-900">Calendar</h2>
        <CalendarFeed />
      </Card>
      <Card id="appearance" tabIndex={-1} className="scroll-mt-24">
        <AppearanceSettings />
      </Card>
    </div>
  )
}
