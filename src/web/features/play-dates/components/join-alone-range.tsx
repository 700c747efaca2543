import { type DuprRange, type OpenSpots, rangeText, spotsText } from '../../../../domain/play-dates/spots'
import { DotParts } from '../../../components/ui/dot-parts'

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

// "3 spots left · partner wanted · DUPR 2.55–3.55 may join alone": the line breaks after a dot or
// inside the range's words, never inside "3 spots left" or "partner wanted".
export function SpotsAndRange({ spots, range }: { spots: OpenSpots; range: DuprRange | null }) {
  return (
    <>
      <DotParts text={spotsText(spots)} more={range !== null} />
      {range ? (
        <>
          {' '}
          <JoinAloneRange range={range} />
        </>
      ) : null}
    </>
  )
}
