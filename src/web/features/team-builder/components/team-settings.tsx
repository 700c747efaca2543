import { useId, useState } from 'react'
import {
  acceptMaxCombinedDupr,
  MAX_COMBINED_DUPR_MAX,
  MAX_COMBINED_DUPR_MIN,
  MAX_COMBINED_DUPR_STEP,
  parseMaxCombinedDupr,
  type TeamSettings,
  teamSizes,
} from '../../../../domain/team-builder/team.rules'
import { TextField } from '../../../components/ui/form-controls'

const formatCap = (value: number) => value.toFixed(1)

function MaxCombinedDupr({ value, onChange }: { value: number; onChange: (value: number) => void }) {
  const [text, setText] = useState(() => String(value))
  const isIgnored = text.trim() !== '' && parseMaxCombinedDupr(text) === null
  return (
    <TextField
      label="Maximum combined DUPR"
      type="number"
      inputMode="decimal"
      min={MAX_COMBINED_DUPR_MIN}
      max={MAX_COMBINED_DUPR_MAX}
      step={MAX_COMBINED_DUPR_STEP}
      value={text}
      hint={`${MAX_COMBINED_DUPR_MIN} to ${MAX_COMBINED_DUPR_MAX}, in steps of 0.1.`}
      warning={
        isIgnored
          ? `Only ${MAX_COMBINED_DUPR_MIN} to ${MAX_COMBINED_DUPR_MAX} in steps of 0.1 is used: the cap stays at ${formatCap(value)}.`
          : undefined
      }
      onChange={(event) => {
        const next = event.target.value
        setText(next)
        const accepted = acceptMaxCombinedDupr(value, next)
        if (accepted !== value) onChange(accepted)
      }}
      // An ignored entry gives way to the cap in force once the field is left.
      onBlur={() => setText(String(value))}
      controlClassName="tabular-nums sm:w-40"
    />
  )
}

function TeamSizeChoice({
  value,
  onChange,
}: {
  value: number
  onChange: (value: TeamSettings['teamSize']) => void
}) {
  const name = useId()
  return (
    <fieldset>
      <legend className="text-sm font-semibold text-slate-900">Team size</legend>
      <div className="mt-1 inline-flex max-w-full flex-wrap rounded-lg border border-slate-300 bg-white p-1 shadow-sm">
        {teamSizes.map((size) => (
          <label
            key={size}
            className="relative inline-flex min-h-11 min-w-16 cursor-pointer items-center justify-center rounded-md px-3 text-sm font-semibold whitespace-nowrap text-slate-700 has-checked:bg-brand-700 has-checked:text-white has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-700"
          >
            <input
              type="radio"
              name={name}
              value={size}
              checked={value === size}
              onChange={() => onChange(size)}
              // Invisible but covering the whole choice, so a tap anywhere on it picks it.
              className="absolute inset-0 cursor-pointer opacity-0"
            />
            {size} players
          </label>
        ))}
      </div>
    </fieldset>
  )
}

function Switch({
  label,
  description,
  checked,
  onChange,
}: {
  label: string
  description: string
  checked: boolean
  onChange: (checked: boolean) => void
}) {
  const id = useId()
  // The words want 8 rem beside the switch, or the switch goes under them: with the phone's text
  // made larger, beside it they broke inside ("Wome / n reducti / on"; docs/decisions/0236).
  return (
    <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2 sm:justify-start">
      <div className="flex-[1_1_8rem] sm:order-2">
        <span id={`${id}-label`} className="block text-sm font-semibold text-slate-900">
          {label}
        </span>
        <span id={`${id}-description`} className="block text-sm text-slate-600">
          {description}
        </span>
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-description`}
        onClick={() => onChange(!checked)}
        // The track is 28 px tall; the button around it takes a 44 px tap.
        className="inline-flex min-h-11 shrink-0 items-center sm:order-1"
      >
        <span
          aria-hidden="true"
          className={`relative inline-flex h-7 w-12 items-center rounded-full transition-colors ${
            checked ? 'bg-brand-700' : 'bg-slate-400'
          }`}
        >
          <span
            className={`inline-block size-5 rounded-full bg-white shadow transition-transform ${
              checked ? 'translate-x-6' : 'translate-x-1'
            }`}
          />
        </span>
      </button>
    </div>
  )
}

export function TeamSettingsPanel({
  settings,
  onChange,
}: {
  settings: TeamSettings
  onChange: (change: Partial<TeamSettings>) => void
}) {
  return (
    <section
      aria-labelledby="team-settings-title"
      className="rounded-2xl border border-slate-200 bg-white p-[min(1.25rem,20px)] shadow-sm"
    >
      <h2 id="team-settings-title" className="text-lg font-bold text-slate-900">
        Settings
      </h2>
      <div className="mt-4 grid gap-5 sm:grid-cols-2">
        <MaxCombinedDupr
          value={settings.maxCombinedDupr}
          onChange={(maxCombinedDupr) => onChange({ maxCombinedDupr })}
        />
        <TeamSizeChoice value={settings.teamSize} onChange={(teamSize) => onChange({ teamSize })} />
        <Switch
          label="Women reduction"
          description="Takes 0.5 off the DUPR of each woman."
          checked={settings.womenReduction}
          onChange={(womenReduction) => onChange({ womenReduction })}
        />
        <Switch
          label="Over-50 reduction"
          description="Takes 0.5 off the DUPR of each player aged 50 or over."
          checked={settings.over50Reduction}
          onChange={(over50Reduction) => onChange({ over50Reduction })}
        />
      </div>
    </section>
  )
}
