import { ArrowRight, RotateCw, Sparkles, Users } from 'lucide-react'
import { Link } from 'react-router'
import { CLOSE_RATING_RANGE, type TrainingPartner } from '../../../../domain/team-builder/training.rules'
import { duprLine, playingRating } from '../../../../domain/players/rating.rules'
import { formatHundredths, toHundredths } from '../../../../domain/team-builder/team.rules'
import { Button, ButtonLink } from '../../../components/ui/button'
import { PageLoading } from '../../../components/ui/spinner'
import { useTrainingPartners } from '../api/players.queries'
import { fullName } from '../lib/players-view'
import { PlayerAvatar } from './player-avatar'

const format = (rating: number) => formatHundredths(toHundredths(rating) ?? Math.round(rating * 100))

function PartnerCard({ partner, rating }: { partner: TrainingPartner; rating: number }) {
  const direction =
    playingRating(partner) > rating
      ? 'above you'
      : playingRating(partner) < rating
        ? 'below you'
        : 'same as you'
  return (
    <article
      className={`relative flex flex-wrap items-center gap-3 rounded-2xl border p-4 shadow-sm transition hover:shadow-md ${
        partner.isClose ? 'border-brand-600 bg-brand-50' : 'border-slate-200 bg-white'
      }`}
    >
      <PlayerAvatar player={partner} />
      {/* With under 15 rem of room (a phone's text made much larger) "Close match" goes under the
          face and the words, which keep the line beside the face (docs/decisions/0225). */}
      <div className="min-w-0 flex-1">
        <h3 className="font-bold text-slate-900">
          <Link
            to={`/profile/${partner.id}`}
            className="after:absolute after:inset-0 after:rounded-2xl focus-visible:outline-none focus-visible:after:outline-3 focus-visible:after:outline-offset-2 focus-visible:after:outline-brand-700 focus-visible:after:outline-solid"
          >
            {fullName(partner)}
          </Link>
        </h3>
        <p className="text-sm text-slate-700">
          <span className="font-semibold tabular-nums">
            {partner.duprRating === null ? duprLine(partner) : `DUPR ${format(partner.duprRating)}`}
          </span>{' '}
          · {partner.ratingGap === 0 ? 'same as you' : `${format(partner.ratingGap)} ${direction}`}
        </p>
      </div>
      {partner.isClose ? (
        <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-brand-700 @max-[15rem]:basis-full @max-[15rem]:justify-center px-2.5 py-1 text-xs font-semibold text-white">
          <Sparkles aria-hidden="true" className="size-3" />
          Close match
        </span>
      ) : null}
    </article>
  )
}

// Friends ordered by how close their DUPR is to the player's; close ones stand out.
export function TrainingPartners() {
  const query = useTrainingPartners()

  if (query.isPending) return <PageLoading label="Loading your friends..." />
  if (query.isError) {
    return (
      <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-6 text-center">
        <p className="font-semibold text-red-800">Error loading your friends</p>
        <Button variant="secondary" className="mt-3" onClick={() => void query.refetch()}>
          <RotateCw aria-hidden="true" className="size-4" />
          Try Again
        </Button>
      </div>
    )
  }

  const { partners } = query.data
  const rating = playingRating(query.data)
  if (partners.length === 0) {
    return (
      <section className="rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center">
        <Users aria-hidden="true" className="mx-auto size-10 text-brand-700" />
        <h2 className="mt-3 text-xl font-bold text-slate-900">No friends yet</h2>
        <p className="mt-1 text-slate-600">
          Connect with players you know, and they will show up here ordered by how close their DUPR is to
          yours.
        </p>
        <ButtonLink to="/connections" className="mt-5">
          Go to Player Connections
          <ArrowRight aria-hidden="true" className="size-4" />
        </ButtonLink>
      </section>
    )
  }

  const closeCount = partners.filter((partner) => partner.isClose).length
  return (
    <section aria-labelledby="training-partners-title">
      <h2 id="training-partners-title" className="text-lg font-bold text-slate-900">
        Your friends by DUPR
      </h2>
      <p className="mt-1 text-slate-600">
        {query.data.duprRating === null ? 'Your self rating is' : 'Your DUPR is'}{' '}
        <span className="font-semibold tabular-nums">{format(rating)}</span>.{' '}
        {closeCount === 0
          ? `None of your friends is within ${CLOSE_RATING_RANGE.toFixed(1)} of it yet.`
          : `${closeCount} ${closeCount === 1 ? 'friend is' : 'friends are'} within ${CLOSE_RATING_RANGE.toFixed(1)}: great practice partners.`}
      </p>
      <ul className="mt-4 grid gap-3 sm:grid-cols-2">
        {partners.map((partner) => (
          <li key={partner.id} className="@container">
            <PartnerCard partner={partner} rating={rating} />
          </li>
        ))}
      </ul>
    </section>
  )
}
