import { ShieldCheck } from 'lucide-react'
import type { ReliabilitySummary } from '../../../../domain/play-dates/results'
import {
  LATE_CANCEL_HOURS,
  RELIABILITY_MONTHS,
  reliabilityLine,
} from '../../../../domain/play-dates/results.rules'
import { DotParts } from '../../../components/ui/dot-parts'

// A player's record on the public profile: games played, no-shows and late cancels, so a team
// deciding whom to play knows whether this player turns up.
export function ReliabilityRecord({ reliability }: { reliability: ReliabilitySummary }) {
  return (
    <section
      aria-labelledby="reliability-heading"
      className="mt-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id="reliability-heading" className="flex items-center gap-2 text-lg font-bold text-slate-900">
        <ShieldCheck aria-hidden="true" className="size-5 text-brand-700" />
        Reliability
      </h2>
      <p className="mt-2 text-lg font-semibold text-slate-900">
        <DotParts text={reliabilityLine(reliability)} />
      </p>
      <p className="text-sm text-slate-600">over the last {RELIABILITY_MONTHS} months</p>
      <p className="mt-3 text-sm text-slate-600">
        Counted from the results of the player’s PlayDates. A no-show is a game their team did not come to. A
        late cancel is a matched PlayDate their team cancelled less than {LATE_CANCEL_HOURS} hours before the
        start.
      </p>
    </section>
  )
}
