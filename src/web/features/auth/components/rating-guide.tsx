// What each self-rating level means, in a few words (the common pickleball skill levels).
const levels = [
  ['2.0', 'New to pickleball: learning the rules and the basic strokes.'],
  ['2.5', 'Keeps short rallies going; learning to serve and return.'],
  ['3.0', 'Steady serves and returns; starting to dink and come to the kitchen line.'],
  ['3.5', 'Controls dinks and third shots; moves with a partner as a team.'],
  ['4.0', 'Reliable shots with pace and placement; few unforced errors.'],
  ['4.5', 'Strong and consistent; uses speed-ups, resets and strategy.'],
  ['5.0+', 'Tournament level: every shot, rarely an error.'],
] as const

export function RatingGuide({ id }: { id: string }) {
  return (
    <details id={id} className="mt-2 text-sm text-slate-700">
      <summary className="inline-flex min-h-11 cursor-pointer items-center font-semibold text-brand-700">
        What do the levels mean?
      </summary>
      <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        {levels.map(([level, meaning]) => (
          <div key={level} className="contents">
            <dt className="font-semibold text-slate-900 tabular-nums">{level}</dt>
            <dd>{meaning}</dd>
          </div>
        ))}
      </dl>
    </details>
  )
}
