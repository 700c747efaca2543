import { type RatedPlayer, ratingsParts } from '../../../domain/players/rating.rules'

// 'DUPR 3.75 · Self 3.50' where a narrow line may wrap only between the two: a label never
// leaves its value behind ("Self" on one line, "3.50" on the next).
export function RatingsText({ player }: { player: RatedPlayer }) {
  return ratingsParts(player).map((part, index) => (
    <span key={part}>
      {index > 0 ? ' · ' : null}
      <span className="whitespace-nowrap">{part}</span>
    </span>
  ))
}
