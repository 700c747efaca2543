import { UserPlus } from 'lucide-react'
import { FieldPair, TextField } from '../../../components/ui/form-controls'
import { type DuprRange, RATING_MAX, RATING_MIN } from '../../../../domain/play-dates/spots'

// A choice to play alone, pressed or not: "Partner wanted" when posting (a player who joins alone
// becomes the partner), "Join alone" when applying (the creator places the player as their
// partner or on the other side, where two players alone make a team;
// docs/decisions/0137-spots-and-solo-teams.md).
function AloneChoice({
  title,
  text,
  selected,
  onChange,
}: {
  title: string
  text: string
  selected: boolean
  onChange: (selected: boolean) => void
}) {
  // Under 13 rem (a phone's text made much larger) the icon goes above the words, which keep the
  // button's width (docs/decisions/0228).
  return (
    <div className="mb-4 @container">
      <button
        type="button"
        aria-pressed={selected}
        onClick={() => onChange(!selected)}
        className={`flex min-h-16 w-full items-center gap-3 rounded-xl border-2 px-3 py-2 text-left transition-colors @max-[13rem]:flex-col @max-[13rem]:items-start ${
          selected ? 'border-brand-700 bg-brand-50' : 'border-slate-200 bg-white hover:border-slate-300'
        }`}
      >
        <UserPlus aria-hidden="true" className="size-6 shrink-0 text-brand-800" />
        <span className="min-w-0 flex-1 @max-[13rem]:self-stretch">
          <span className="block font-semibold text-slate-900">{title}</span>
          <span className="block text-sm text-slate-700">{text}</span>
        </span>
      </button>
    </div>
  )
}

type Choice = { selected: boolean; onChange: (selected: boolean) => void }

export const PartnerWantedChoice = (props: Choice) => (
  <AloneChoice
    title="Partner wanted"
    text="Post alone: a player who joins alone becomes your partner, and you split your side’s price."
    {...props}
  />
)

export const JoinAloneChoice = (props: Choice) => (
  <AloneChoice
    title="Join alone"
    text="No partner needed: the creator pairs you with another player, and you split your team’s price."
    {...props}
  />
)

const parseRating = (text: string, fallback: number) => {
  const value = Number(text)
  return Number.isFinite(value) && text.trim() !== '' ? value : fallback
}

// Who may join alone: the lowest and highest rating of a player joining alone (their self rating
// when they have no DUPR). Pairs apply whatever the range.
export function DuprRangeFields({
  range,
  onChange,
  basis,
}: {
  range: DuprRange
  onChange: (range: DuprRange) => void
  basis: string
}) {
  const invalid = range.min > range.max
  return (
    // The legend floats into the panel: left in place, a legend straddles its fieldset's top edge.
    <fieldset className="mt-4 rounded-xl bg-slate-50 p-3">
      <legend className="float-left mb-1 w-full font-semibold text-slate-900">
        Who may join alone (DUPR)
      </legend>
      <p className="clear-left mb-2 text-sm text-pretty text-slate-700">
        {basis} A player without a DUPR counts by their self rating. Pairs of friends can always apply.
      </p>
      <FieldPair>
        <TextField
          label="Lowest rating"
          type="number"
          inputMode="decimal"
          min={RATING_MIN}
          max={RATING_MAX}
          step={0.05}
          value={range.min}
          onChange={(event) => onChange({ ...range, min: parseRating(event.target.value, range.min) })}
          aria-invalid={invalid || undefined}
          controlClassName="min-h-12"
        />
        <TextField
          label="Highest rating"
          type="number"
          inputMode="decimal"
          min={RATING_MIN}
          max={RATING_MAX}
          step={0.05}
          value={range.max}
          onChange={(event) => onChange({ ...range, max: parseRating(event.target.value, range.max) })}
          aria-invalid={invalid || undefined}
          controlClassName="min-h-12"
        />
      </FieldPair>
      {invalid ? (
        <p role="alert" className="mt-2 text-sm font-semibold text-red-800">
          The lowest rating cannot be above the highest
        </p>
      ) : null}
    </fieldset>
  )
}
