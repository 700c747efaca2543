import { CalendarDays, Users, type LucideIcon } from 'lucide-react'
import { useId, type ReactNode } from 'react'
import { useLocation } from 'react-router'
import { TAGLINE } from '../../../domain/product'
import { featuredWidgetIds, widgetsByIds } from '../../../domain/widgets/widgets'
import { ButtonLink } from '../../components/ui/button'
import { ComingSoonBadge, WidgetIcon } from '../../features/widgets'
import { FormAlert } from '../../features/auth'
import { config } from '../../lib/config'
import { returnToInState } from '../../lib/return-to'

const SIGN_IN_CTA = 'Sign In or Sign Up Now'

function LandingCard({
  icon,
  title,
  description,
  returnTo,
  comingSoon = false,
}: {
  icon: ReactNode
  title: string
  description: string
  returnTo: string
  comingSoon?: boolean
}) {
  const titleId = useId()
  return (
    <li
      className={`flex flex-col rounded-2xl border p-5 shadow-sm ${
        comingSoon ? 'border-dashed border-slate-300 bg-slate-100' : 'border-slate-200 bg-white'
      }`}
    >
      <div className="flex items-start justify-between gap-3">
        <span
          className={`inline-flex size-11 items-center justify-center rounded-xl ${
            comingSoon ? 'bg-slate-200 text-slate-600' : 'bg-brand-50 text-brand-700'
          }`}
        >
          {icon}
        </span>
        {comingSoon ? <ComingSoonBadge /> : null}
      </div>
      <h3 id={titleId} className="mt-4 text-lg font-bold text-slate-900">
        {title}
      </h3>
      <p className="mt-1 flex-1 text-sm text-slate-600">{description}</p>
      {comingSoon ? null : (
        <ButtonLink
          to="/signin"
          state={{ returnTo }}
          variant="secondary"
          className="mt-5 self-start"
          aria-describedby={titleId}
        >
          {SIGN_IN_CTA}
        </ButtonLink>
      )}
    </li>
  )
}

const features: { icon: LucideIcon; title: string; description: string; path: string }[] = [
  {
    icon: CalendarDays,
    title: 'PlayDates',
    description:
      'Pay to challenge higher-rated players or earn by teaching newer ones. Team up with a friend or join alone, and find your match.',
    path: '/playdates',
  },
  {
    icon: Users,
    title: 'Player Connections',
    description: 'Find players you know, send friend requests and keep your regular partners close.',
    path: '/connections',
  },
]

// Shown when a signed-out visitor was sent here from a signed-in page (guards.tsx).
export const SIGN_IN_TO_CONTINUE = 'Sign in to continue to the page you were on.'

export default function HomePage() {
  // The page the visitor was sent away from: both Sign In buttons bring them back to it.
  const returnTo = returnToInState(useLocation().state)
  const signInState = returnTo ? { returnTo } : undefined
  return (
    <div className="space-y-12 sm:space-y-16">
      {returnTo ? (
        <div className="-mb-6 sm:-mb-10">
          <FormAlert tone="info">{SIGN_IN_TO_CONTINUE}</FormAlert>
        </div>
      ) : null}
      <section
        aria-labelledby="hero-title"
        className="on-dark relative overflow-hidden rounded-3xl bg-gradient-to-br from-brand-800 via-brand-700 to-brand-900 px-6 py-12 text-white shadow-lg sm:px-12 sm:py-16"
      >
        <div
          aria-hidden="true"
          className="absolute -top-16 -right-16 size-56 rounded-full bg-ball/30 blur-2xl sm:size-72"
        />
        <div className="relative max-w-2xl">
          <h1 id="hero-title" className="text-4xl font-extrabold tracking-tight sm:text-6xl">
            {config.productName}
          </h1>
          <p className="mt-3 text-2xl font-bold text-ball sm:text-3xl">{TAGLINE}</p>
          <p className="mt-4 text-base text-brand-50 sm:text-lg">
            Meet pickleball players at your level, team up with friends for PlayDates, and sharpen your game
            with handy tools.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <ButtonLink to="/signup" size="lg" variant="accent">
              Sign Up
            </ButtonLink>
            <ButtonLink to="/signin" state={signInState} size="lg" variant="inverse">
              Sign In
            </ButtonLink>
          </div>
        </div>
      </section>

      <section aria-labelledby="features-title">
        <h2 id="features-title" className="text-2xl font-bold tracking-tight text-slate-900">
          Play more, play better
        </h2>
        <ul className="mt-5 grid gap-4 md:grid-cols-2">
          {features.map(({ icon: Icon, title, description, path }) => (
            <LandingCard
              key={title}
              icon={<Icon aria-hidden="true" className="size-6" />}
              title={title}
              description={description}
              returnTo={path}
            />
          ))}
        </ul>
      </section>

      <section aria-labelledby="widgets-title">
        <h2 id="widgets-title" className="text-2xl font-bold tracking-tight text-slate-900">
          Pickle Widgets
        </h2>
        <p className="mt-1 text-slate-600">Small tools for big games.</p>
        <ul className="mt-5 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {widgetsByIds(featuredWidgetIds).map((widget) => (
            <LandingCard
              key={widget.id}
              icon={<WidgetIcon id={widget.id} />}
              title={widget.title}
              description={widget.description}
              returnTo={widget.path}
              comingSoon={widget.comingSoon}
            />
          ))}
        </ul>
      </section>
    </div>
  )
}
