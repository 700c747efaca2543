import { lazy, Suspense } from 'react'
import { loadRatingPrompt, useRatingCheck } from '../features/profiles'
import { useQuietMoment } from '../lib/quiet-moment'

// What the layout adds for a signed-in player: the navigation bar (with the bell and its count,
// and the phone menu), the live event stream and the rating prompt. A module of its own, loaded
// only once someone is signed in, so the landing page and sign-in do not download it; the server
// names its files in the HTML of a request that carries a session cookie, so a signed-in page
// fetches it together with the entry (docs/decisions/0061).
export { TopNav } from '../components/layout/top-nav'
export { BottomTabs } from '../components/layout/bottom-tabs'
export { LiveEvents } from '../lib/live-events'
export { KeepOfflineViews, OfflineBanner } from './offline-views'
export { askForMorePageAnswers } from './more-page-answers'

// The rating prompt (a form with react-hook-form and zod) loads only when the server says the
// player's ratings are due for a check: it is not part of any page's first load.
const RatingPrompt = lazy(() => loadRatingPrompt().then((m) => ({ default: m.RatingPrompt })))

// It waits for a quiet moment (lib/quiet-moment.ts): never over a chat or a form, never while
// the player types, so nothing they are writing is lost behind it.
export function RatingPromptWhenDue() {
  const check = useRatingCheck()
  const due = check.data?.updateNeeded === true
  const quiet = useQuietMoment(due)
  if (!due || !quiet) return null
  return (
    <Suspense fallback={null}>
      <RatingPrompt />
    </Suspense>
  )
}
