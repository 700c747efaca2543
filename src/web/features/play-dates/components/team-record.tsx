import type { TeamSummary } from '../../../../domain/play-dates/play-date.schema'
import { RELIABILITY_MONTHS } from '../../../../domain/play-dates/results.rules'
import { DotParts } from '../../../components/ui/dot-parts'
import { usePlayerRecords } from '../api/reliability.queries'
import { teamPlayers, teamRecordLine, teamRecordSpoken } from '../lib/reliability-view'

// A team's record on a card, on one line: "Played 14 & 3 · 0 no-shows", read player by player by
// a screen reader. The line's space is held while the records load, so the card does not move;
// without them (a failed request) it stays empty: the PlayDate page has the records too.
// `lead` names the team where the card shows two ("Opponents").
export function TeamRecord({ team, lead }: { team: TeamSummary; lead?: string }) {
  const players = teamPlayers(team)
  const { records } = usePlayerRecords(players.map((p) => p.id))
  if (!records) return <p aria-hidden="true" className="h-5" />
  const line = teamRecordLine(records)
  return (
    <p className="text-sm text-slate-600">
      <span className="sr-only">
        {lead ? `${lead}, over` : 'Over'} the last {RELIABILITY_MONTHS} months:{' '}
        {teamRecordSpoken(players.map((p, i) => ({ ...p, record: records[i]! })))}
      </span>
      <span aria-hidden="true">
        {lead ? `${lead}: ` : ''}
        <DotParts text={line} />
      </span>
    </p>
  )
}
