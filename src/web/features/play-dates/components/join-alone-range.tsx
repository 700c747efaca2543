import { type DuprRange, rangeText } from '../../../../domain/play-dates/spots'

// "DUPR 2.55–3.55 may join alone", with "DUPR 2.55–3.55" kept on one line: on a narrow phone the
// range broke at its dash, "2.55–" ending one line and "3.55" starting the next
// (docs/decisions/0203-a-new-players-first-game-on-a-phone.md).
export function JoinAloneRange({ range }: { range: DuprRange }) {
  return (
    <>
      <span className="whitespace-nowrap">DUPR {rangeText(range)}</span> may join alone
    </>
  )
}
