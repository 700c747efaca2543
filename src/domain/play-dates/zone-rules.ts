// Each zone's offsets from UTC over a stretch of time, as the server sends them with the page
// (docs/decisions/0125-zone-rules-with-the-page.md): `from`, then per zone its periods in order,
// each [until (ms, exclusive), offset in minutes, abbreviation], the first starting at `from`.
// A module of its own, without dependencies, so main.tsx can hand the rules over without loading
// the date formatting that reads them (schedule.ts).
export interface ZoneRules {
  from: number
  zones: Record<string, [until: number, offsetMinutes: number, abbreviation: string][]>
}

let known: ZoneRules | undefined

// The rules the page was sent; instants and zones outside them are read by the browser's formatter.
export function knowZoneRules(rules: ZoneRules | undefined) {
  known = rules
}

// A zone's offset in minutes and its abbreviation at `at` (ms), where the rules cover it.
export function ruledOffset(
  zone: string,
  at: number,
): [offsetMinutes: number, abbreviation: string] | undefined {
  const periods = known?.zones?.[zone]
  if (!periods || !(at >= known!.from)) return undefined
  const period = periods.find(([until]) => at < until)
  return period ? [period[1], period[2]] : undefined
}
