import { ArrowRight, CalendarPlus, MapPin } from 'lucide-react'
import { Link } from 'react-router'
import { ButtonLink, wrapsWords } from '../../../components/ui/button'
import { PlayDateCard } from '../../play-dates'
import { useHome } from '../api/home.queries'
import { suggestedListUrl } from '../lib/home-view'
import { HomeSection, SectionEmpty, SectionError, SectionLoading } from './home-section'

// Open games this week near the player at their level (up to 4), and the Available list with the
// same filters behind "See all".
export function SuggestedGames({ viewerId, className }: { viewerId: string; className?: string }) {
  const home = useHome()
  const by = home.data?.suggestedBy
  return (
    <HomeSection
      id="suggested-games"
      title="Suggested for you"
      className={className}
      action={
        by && (home.data?.suggested.length ?? 0) > 0 ? (
          <Link
            to={suggestedListUrl(by)}
            className="inline-flex min-h-11 items-center gap-1 text-sm font-semibold text-brand-700 hover:underline"
          >
            See all
            <span className="sr-only"> suggested games</span>
            <ArrowRight aria-hidden="true" className="size-4" />
          </Link>
        ) : null
      }
    >
      {home.isPending ? (
        <SectionLoading label="Loading suggestions..." />
      ) : !home.data ? (
        <SectionError message="Could not load suggestions." onRetry={() => void home.refetch()} />
      ) : (
        <div className="flex flex-col gap-3">
          {by?.withinMiles ? (
            <p className="text-sm text-slate-600">
              Games near you this week: within {by.withinMiles} miles of home, at your level.
            </p>
          ) : null}
          {by?.state === null && by.withinMiles === null ? (
            <Link
              to="/profile"
              className="flex min-h-11 items-center gap-2 self-start rounded-xl bg-brand-50 px-3 py-2 text-sm font-semibold text-brand-800 underline underline-offset-2 hover:bg-brand-100"
            >
              <MapPin aria-hidden="true" className="size-4 shrink-0 text-brand-700" />
              Set where you play in Profile Settings to see games near you
            </Link>
          ) : null}
          {home.data.suggested.length === 0 ? (
            <SectionEmpty message="No games near you this week.">
              <ButtonLink to="/create-playdate" variant="secondary" className={wrapsWords}>
                <CalendarPlus aria-hidden="true" className="size-4" />
                Post a PlayDate
              </ButtonLink>
            </SectionEmpty>
          ) : (
            <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
              {home.data.suggested.map((playDate) => (
                <li key={playDate.id} className="grid">
                  <PlayDateCard playDate={playDate} viewerId={viewerId} headingLevel={3} />
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </HomeSection>
  )
}
