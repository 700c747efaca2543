import { Download } from 'lucide-react'
import { RESULTS_CSV_URL } from '../api/play-dates.queries'

// The player's confirmed results as a file for DUPR's match importer.
export function ResultsExport() {
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-600">
        Your confirmed PlayDate results, laid out for DUPR’s match import. DUPR’s importer takes a game only
        when every player in it has a DUPR ID, so ask your partners and opponents to add theirs.
      </p>
      <a
        href={RESULTS_CSV_URL}
        download
        className="inline-flex min-h-11 items-center gap-2 rounded-lg border border-slate-300 bg-white px-4 text-sm font-semibold text-slate-900 shadow-sm hover:bg-slate-50"
      >
        <Download aria-hidden="true" className="size-4" />
        Download results (CSV)
      </a>
    </div>
  )
}
