// What other players see of a player's age (docs/decisions/0160): the decade, "20s" to "60s".
// The ends are wider, so that few players share them is no clue: "Under 20" and "70+".
export const YOUNGEST_DECADE = 20
export const OLDEST_DECADE = 70

export function ageRangeOf(age: number): string {
  if (age < YOUNGEST_DECADE) return `Under ${YOUNGEST_DECADE}`
  if (age >= OLDEST_DECADE) return `${OLDEST_DECADE}+`
  return `${Math.floor(age / 10) * 10}s`
}
