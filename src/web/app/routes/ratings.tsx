import { Gauge } from 'lucide-react'
import { findWidget } from '../../../domain/widgets/widgets'
import { ButtonLink, wrapsWords } from '../../components/ui/button'
import { useSession } from '../../features/auth'
import { ComingSoonBadge } from '../../features/widgets'

const easyRating = findWidget('easy-rating')

// Easy Rating is announced but not built yet: this page says so and offers a way back.
export default function EasyRatingPage() {
  const { user } = useSession()
  return (
    <section aria-labelledby="easy-rating-title" className="mx-auto max-w-xl py-8 text-center sm:py-12">
      <span className="mx-auto inline-flex size-16 items-center justify-center rounded-2xl bg-brand-50 text-brand-700">
        <Gauge aria-hidden="true" className="size-8" />
      </span>
      <div className="mt-4">
        <ComingSoonBadge />
      </div>
      <h1
        id="easy-rating-title"
        className="mt-3 text-title font-bold tracking-tight text-slate-900 sm:text-3xl"
      >
        {easyRating.title}
      </h1>
      <p className="mt-3 text-slate-600">{easyRating.description}</p>
      <p className="mt-2 text-slate-600">
        We are still building it. Until then, keep your DUPR and self rating up to date in your profile.
      </p>
      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
        {user ? (
          <>
            <ButtonLink to="/widgets" className={wrapsWords}>
              Back to Pickle Widgets
            </ButtonLink>
            <ButtonLink to="/profile" variant="secondary">
              Update my ratings
            </ButtonLink>
          </>
        ) : (
          <ButtonLink to="/">Back to Home</ButtonLink>
        )}
      </div>
    </section>
  )
}
