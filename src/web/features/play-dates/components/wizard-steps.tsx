import { Check, GraduationCap, Trophy } from 'lucide-react'
import { useId, useState } from 'react'
import { Navigate, useNavigate } from 'react-router'
import {
  type PlayDateType,
  regionsOf,
  states,
  type StateCode,
  typeDescription,
} from '../../../../domain/play-dates/play-date.constants'
import { useWizardDraft } from '../hooks/use-wizard-draft'
import {
  firstMissingStep,
  type HomeArea,
  initialRegions,
  stateOrDefault,
  toggleRegion,
  WIZARD_PATHS,
  type WizardStep,
} from '../lib/wizard-draft'
import { WizardFrame } from './wizard-frame'
import { useSession } from '../../auth'

// A later step opened without the earlier choices goes back to the first one missing.
export function useMissingStep(step: WizardStep) {
  const wizard = useWizardDraft()
  const missing = firstMissingStep(wizard.draft, step)
  return { ...wizard, redirect: missing ? <Navigate to={WIZARD_PATHS[missing]} replace /> : null }
}

const typeOptions: Array<{ type: PlayDateType; heading: string; icon: typeof Trophy }> = [
  { type: 'challenge', heading: 'Pay to Challenge', icon: Trophy },
  { type: 'earn', heading: 'Earn Teaching', icon: GraduationCap },
]

// A card that is a radio button: the whole card is the hit area, the heading names it.
function ChoiceCard({
  name,
  checked,
  onSelect,
  heading,
  description,
  icon: Icon,
}: {
  name: string
  checked: boolean
  onSelect: () => void
  heading: string
  description: string
  icon: typeof Trophy
}) {
  const id = useId()
  return (
    <div
      className={`relative rounded-2xl border-2 p-4 transition-colors has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-700 sm:p-5 ${
        checked ? 'border-brand-700 bg-brand-50' : 'border-slate-200 bg-white hover:border-slate-300'
      }`}
    >
      <input
        type="radio"
        name={name}
        checked={checked}
        onChange={onSelect}
        aria-labelledby={`${id}-heading`}
        aria-describedby={`${id}-description`}
        className="absolute inset-0 size-full cursor-pointer appearance-none rounded-2xl focus-visible:outline-none"
      />
      <div className="pointer-events-none flex items-start gap-3">
        <span
          className={`inline-flex size-11 shrink-0 items-center justify-center rounded-xl ${
            checked ? 'bg-brand-700 text-white' : 'bg-slate-100 text-slate-700'
          }`}
        >
          <Icon aria-hidden="true" className="size-6" />
        </span>
        <div className="min-w-0 flex-1">
          <h2 id={`${id}-heading`} className="text-lg font-bold text-slate-900">
            {heading}
          </h2>
          <p id={`${id}-description`} className="text-slate-600">
            {description}
          </p>
        </div>
        <Check
          aria-hidden="true"
          className={`size-6 shrink-0 ${checked ? 'text-brand-700' : 'text-transparent'}`}
        />
      </div>
    </div>
  )
}

// `groupId`: started from a group's page, the game is for that group unless the player says
// otherwise on the last step.
export function TypeStep({ groupId }: { groupId?: string | undefined }) {
  const { draft, update, cancel } = useWizardDraft()
  const navigate = useNavigate()
  const [type, setType] = useState<PlayDateType | undefined>(draft.type)
  const hintId = useId()
  return (
    <WizardFrame
      step={1}
      title="Create PlayDate"
      subtitle="Do you want to pay to play stronger players, or earn by teaching?"
      onBack={() => void navigate('/playdates')}
      onCancel={cancel}
      nextLabel="Continue"
      nextDisabled={!type}
      nextHint={{ id: hintId, text: 'Choose Pay or Earn to continue' }}
      onNext={() => {
        update({ type, ...(groupId ? { groupId } : {}) })
        void navigate(WIZARD_PATHS.state)
      }}
    >
      <fieldset>
        <legend className="sr-only">PlayDate type</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          {typeOptions.map((option) => (
            <ChoiceCard
              key={option.type}
              name="play-date-type"
              checked={type === option.type}
              onSelect={() => setType(option.type)}
              heading={option.heading}
              description={typeDescription(option.type)}
              icon={option.icon}
            />
          ))}
        </div>
      </fieldset>
    </WizardFrame>
  )
}

// Where the player usually plays (Profile Settings' home area), to start the state and regions.
function useHomeArea(): HomeArea | null {
  const user = useSession().user
  return user ? { homeState: user.homeState, homeRegion: user.homeRegion } : null
}

export function StateStep() {
  const { draft, update, cancel, redirect } = useMissingStep('state')
  const navigate = useNavigate()
  const home = useHomeArea()
  const [state, setState] = useState<StateCode>(stateOrDefault(draft, home))
  if (redirect) return redirect
  return (
    <WizardFrame
      step={2}
      title="Select State"
      subtitle="Where do you want to play?"
      onBack={() => void navigate(WIZARD_PATHS.type)}
      onCancel={cancel}
      nextLabel="Continue"
      nextDisabled={false}
      onNext={() => {
        // Regions belong to a state: a new state starts its regions afresh.
        update(state === draft.state ? { state } : { state, regions: initialRegions(state, home) })
        void navigate(WIZARD_PATHS.region)
      }}
    >
      <fieldset>
        <legend className="mb-3 font-semibold text-slate-900">State</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {states.map((option) => (
            <label
              key={option.code}
              className={`flex min-h-12 cursor-pointer items-center gap-3 rounded-xl border-2 px-4 py-2 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-700 ${
                state === option.code ? 'border-brand-700 bg-brand-50' : 'border-slate-200 hover:bg-slate-50'
              }`}
            >
              <input
                type="radio"
                name="state"
                value={option.code}
                checked={state === option.code}
                onChange={() => setState(option.code)}
                className="size-5 shrink-0 accent-brand-700 focus-visible:outline-none"
              />
              <span className="font-semibold text-slate-900">{option.name}</span>
              <span className="ml-auto text-sm text-slate-500">{option.code}</span>
            </label>
          ))}
        </div>
      </fieldset>
    </WizardFrame>
  )
}

export function RegionStep() {
  const { draft, update, cancel, redirect } = useMissingStep('region')
  const navigate = useNavigate()
  const home = useHomeArea()
  const state = stateOrDefault(draft, home)
  const offered = regionsOf(state)
  const allowed = new Set(offered.map((r) => r.key))
  const [regions, setRegions] = useState<string[]>(() => {
    const kept = (draft.regions ?? []).filter((r) => allowed.has(r))
    return kept.length > 0 ? kept : initialRegions(state, home)
  })
  const hintId = useId()
  if (redirect) return redirect
  return (
    <WizardFrame
      step={3}
      title="Select Region"
      subtitle={
        state === 'AZ'
          ? 'Pick every region you can play in. The first one you pick is your primary region.'
          : `${states.find((s) => s.code === state)?.name ?? state} has one region for the whole state.`
      }
      onBack={() => {
        update({ regions })
        void navigate(WIZARD_PATHS.state)
      }}
      onCancel={cancel}
      nextLabel="Continue"
      nextDisabled={regions.length === 0}
      nextHint={{ id: hintId, text: 'Select at least one region' }}
      onNext={() => {
        update({ regions })
        void navigate(WIZARD_PATHS.details)
      }}
    >
      <fieldset>
        <legend className="mb-3 font-semibold text-slate-900">Regions</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {offered.map((region) => {
            const checked = regions.includes(region.key)
            return (
              <label
                key={region.key}
                className={`flex min-h-12 cursor-pointer items-center gap-3 rounded-xl border-2 px-4 py-2 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-700 ${
                  checked ? 'border-brand-700 bg-brand-50' : 'border-slate-200 hover:bg-slate-50'
                }`}
              >
                <input
                  type="checkbox"
                  checked={checked}
                  onChange={() => setRegions((current) => toggleRegion(current, region.key))}
                  className="size-5 shrink-0 accent-brand-700 focus-visible:outline-none"
                />
                <span className="font-semibold text-slate-900">{region.label}</span>
                {regions[0] === region.key && offered.length > 1 ? (
                  <span className="ml-auto rounded bg-brand-700 px-1.5 py-0.5 text-xs font-semibold text-white">
                    Primary
                  </span>
                ) : null}
              </label>
            )
          })}
        </div>
      </fieldset>
    </WizardFrame>
  )
}
