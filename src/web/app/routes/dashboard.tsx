import { ArrowRight, CalendarDays, Users, UsersRound, type LucideIcon } from 'lucide-react'
import { useDeferredValue } from 'react'
import { Link } from 'react-router'
import { featuredWidgetIds, widgetsByIds } from '../../../domain/widgets/widgets'
import { Avatar } from '../../components/ui/avatar'
import { PageHeader } from '../../components/ui/page-header'
import { useSession } from '../../features/auth'
import {
  FriendsActivity,
  NextGames,
  SectionLoading,
  SuggestedGames,
  useHomeLoading,
  useHomeMovesWithClock,
  WaitingForYou,
} from '../../features/home'
import { WidgetCard } from '../../features/widgets'

function DestinationCard({
  icon: Icon,
  title,
  description,
  to,
  action,
}: {
  icon: LucideIcon
  title: string
  description: string
  to: string
  action: string
}) {
  return (
    <article className="relative flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition hover:-translate-y-0.5 hover:border-brand-600 hover:shadow-md">
      <span className="inline-flex size-12 items-center justify-center rounded-xl bg-brand-700 text-white">
        <Icon aria-hidden="true" className="size-6" />
      </span>
      <h2 className="mt-4 text-xl font-bold text-slate-900">
        <Link
          to={to}
          className="inline-flex min-h-11 items-center after:absolute after:inset-0 after:rounded-2xl focus-visible:outline-none focus-visible:after:outline-3 focus-visible:after:outline-offset-2 focus-visible:after:outline-brand-700 focus-visible:after:outline-solid"
        >
          {title}
        </Link>
      </h2>
      <p className="mt-1 flex-1 text-slate-600">{description}</p>
      <p
        aria-hidden="true"
        className="mt-4 inline-flex items-center gap-1 text-sm font-semibold text-brand-700"
      >
        {action}
        <ArrowRight className="size-4" />
      </p>
    </article>
  )
}

export default function DashboardPage() {
  const { user } = useSession()
  useHomeMovesWithClock()
  // The player's own face by the page's title: the photo they chose, or their initials. The title
  // goes under the face where it has no room beside it (docs/decisions/0228).
  const header = (
    <PageHeader
      title={
        user ? (
          <span className="flex flex-wrap items-center gap-3">
            <Avatar person={user} size="lg" />
            Dashboard
          </span>
        ) : (
          'Dashboard'
        )
      }
      description="Your PlayDates, your people and your tools in one place."
    />
  )
  // The sections' heights come with their answers: until then one loading line, tall enough to
  // keep the footer out of view, so nothing on screen moves when the page fills in. The page
  // fills in as a deferred render, which yields to the browser now and then: an answer's arrival
  // does not hold the main thread (a tap, a scroll) for the whole dashboard.
  if (useDeferredValue(useHomeLoading()))
    return (
      <>
        {header}
        <div className="min-h-[70vh]">
          <SectionLoading label="Loading your dashboard..." />
        </div>
      </>
    )
  return (
    <>
      {header}
      {/* What's next first (docs/decisions/0090-home-whats-next.md), then the spec's dashboard. */}
      <div className="mb-10 grid gap-8 lg:grid-cols-2 lg:gap-x-6">
        <NextGames />
        <WaitingForYou />
        <SuggestedGames viewerId={user?.id ?? ''} className="lg:col-span-2" />
        <FriendsActivity className="lg:col-span-2" />
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <DestinationCard
          icon={CalendarDays}
          title="PlayDates"
          description="Create a PlayDate with a partner, or apply to one that fits your level."
          to="/playdates"
          action="Go to PlayDates"
        />
        <DestinationCard
          icon={Users}
          title="Player Connections"
          description="Your friends, requests you have received and requests you have sent."
          to="/connections"
          action="Go to Player Connections"
        />
        <DestinationCard
          icon={UsersRound}
          title="Groups"
          description="The players you play with every week: make a group and send its link."
          to="/groups"
          action="Go to Groups"
        />
      </div>

      <section aria-labelledby="dashboard-widgets" className="mt-10">
        <div className="flex items-end justify-between gap-4">
          <h2 id="dashboard-widgets" className="text-xl font-bold text-slate-900">
            Pickle Widgets
          </h2>
          <Link
            to="/widgets"
            className="inline-flex min-h-11 items-center gap-1 text-sm font-semibold text-brand-700 hover:underline"
          >
            All widgets
            <ArrowRight aria-hidden="true" className="size-4" />
          </Link>
        </div>
        <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {widgetsByIds(featuredWidgetIds).map((widget) => (
            <li key={widget.id}>
              <WidgetCard widget={widget} isSignedIn headingLevel={3} />
            </li>
          ))}
        </ul>
      </section>
    </>
  )
}
