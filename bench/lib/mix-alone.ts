// Each action of the mix alone (docs/decisions/0194-each-action-alone-in-the-mix.md): the issue
// asks that at capacity the server spend no more than twice, per action, what the action's
// requests cost it each alone. So on servers started as a step starts them, warmed with the whole
// mix, each kind of action is sent by itself at a fixed rate, and the server CPU it cost is read
// from /proc as a step reads it.
import { type MixInstance, runStep, type StepResult } from './mix-load'
import { ACTIONS, type ActionKey, MixState } from './mix-model'
import type { MixData } from './mix-players'

// The rate when no step passed, so there is no capacity step to take it from.
export const DEFAULT_ALONE_ACTIONS_PER_SECOND = 200

export interface AloneAction {
  key: ActionKey
  weight: number
  // Server CPU per action of this kind, µs (null when it could not be read).
  serverCpuUs: number | null
  // How many were done in the window; and how many actions were done in their place, when one
  // could not be done (an acceptance with no application left to accept is an application).
  actions: number
  standIns: number
  // The latencies of the action's own requests, ms, and the errors of the whole window.
  p50: number
  p99: number
  errors: number
}

export interface MixAlone {
  actionsPerSecond: number
  players: number
  seconds: number
  actions: AloneAction[]
  // Σ weight × CPU ÷ Σ weight: the server CPU of an action of the mix, each action alone, µs.
  serverCpuPerActionUs: number | null
  // The step compared with it: the capacity step or, when no step passed, the largest measured.
  compared: { players: number; pass: boolean; serverCpuPerActionUs: number | null } | null
  // The compared step's server CPU per action over the weighted sum alone.
  ratio: number | null
  errorSamples: string[]
}

export interface AloneOptions {
  instances: MixInstance[]
  data: MixData
  actionsPerSecond: number
  thinkSeconds: number
  warmupSeconds: number
  seconds: number
  log: (line: string) => void
}

// The step the figures alone are compared with, and whose rate they are measured at.
export function comparedStep<T extends Pick<StepResult, 'players'> & { pass: boolean }>(
  steps: T[],
  capacity: number | null,
): T | undefined {
  const passed = steps.find((step) => step.pass && step.players === capacity)
  if (passed) return passed
  return [...steps].sort((a, b) => b.players - a.players)[0]
}

// The window's server CPU, less what the actions done in its place cost alone, per action of this
// kind. ACTIONS lists every action after the ones done in its place (home, then an application),
// so their costs alone are known by then.
function ownCpuUs(key: ActionKey, step: StepResult, known: Map<ActionKey, number | null>) {
  const own = step.byAction[key]
  if (step.serverCpuPerActionUs === null || !own || own.actions === 0) return null
  let total = 0
  let others = 0
  for (const [other, done] of Object.entries(step.byAction) as Array<[ActionKey, { actions: number }]>) {
    total += done.actions
    if (other !== key) others += done.actions * (known.get(other) ?? NaN)
  }
  const value = (step.serverCpuPerActionUs * total - others) / own.actions
  return Number.isFinite(value) ? Math.round(value) : null
}

// Warm-up with the whole mix, then each action alone for `seconds`, one after another on the same
// servers (what the earlier ones wrote kept in mind, as in a step). No event streams: what they
// cost is part of what the mix adds.
export async function measureAlone(options: AloneOptions): Promise<Omit<MixAlone, 'compared' | 'ratio'>> {
  const { log } = options
  const players = Math.min(
    options.data.players.length,
    Math.max(1, Math.round(options.actionsPerSecond * options.thinkSeconds)),
  )
  const state = new MixState(options.data)
  const known = new Map<ActionKey, number | null>()
  const actions: AloneAction[] = []
  const errorSamples: string[] = []
  for (const [i, action] of ACTIONS.entries()) {
    const step = await runStep({
      instances: options.instances,
      data: options.data,
      players,
      thinkSeconds: options.thinkSeconds,
      warmupSeconds: i === 0 ? options.warmupSeconds : 0,
      seconds: options.seconds,
      actions: [action.key],
      streams: false,
      actionsPerSecond: options.actionsPerSecond,
      state,
    })
    const own = step.byAction[action.key]
    const standIns = Object.entries(step.byAction)
      .filter(([key]) => key !== action.key)
      .map(([key, done]) => [key, done?.actions ?? 0] as const)
    const serverCpuUs = ownCpuUs(action.key, step, known)
    known.set(action.key, serverCpuUs)
    const result: AloneAction = {
      key: action.key,
      weight: action.weight,
      serverCpuUs,
      actions: own?.actions ?? 0,
      standIns: standIns.reduce((sum, [, done]) => sum + done, 0),
      p50: own?.p50 ?? 0,
      p99: own?.p99 ?? 0,
      errors: step.errors,
    }
    actions.push(result)
    for (const sample of step.errorSamples) if (errorSamples.length < 5) errorSamples.push(sample)
    log(
      `    ${action.key} alone: ${result.serverCpuUs ?? '-'} µs/action, p50 ${result.p50} ms, p99 ${result.p99} ms, ` +
        `${result.actions} done` +
        (result.standIns
          ? ` (and in their place ${standIns.map(([key, done]) => `${done} ${key}`).join(', ')})`
          : '') +
        `, ${result.errors} errors`,
    )
  }
  const weight = actions.reduce((sum, action) => sum + action.weight, 0)
  const weighted = actions.every((action) => action.serverCpuUs !== null)
    ? Math.round(actions.reduce((sum, action) => sum + action.weight * action.serverCpuUs!, 0) / weight)
    : null
  return {
    actionsPerSecond: options.actionsPerSecond,
    players,
    seconds: options.seconds,
    actions,
    serverCpuPerActionUs: weighted,
    errorSamples,
  }
}

// The measurement alone set beside the step it is compared with.
export function compareAlone(
  alone: Omit<MixAlone, 'compared' | 'ratio'>,
  step: (Pick<StepResult, 'players' | 'serverCpuPerActionUs'> & { pass: boolean }) | undefined,
): MixAlone {
  const compared = step
    ? { players: step.players, pass: step.pass, serverCpuPerActionUs: step.serverCpuPerActionUs }
    : null
  const ratio =
    compared?.serverCpuPerActionUs != null && alone.serverCpuPerActionUs
      ? Number((compared.serverCpuPerActionUs / alone.serverCpuPerActionUs).toFixed(2))
      : null
  return { ...alone, compared, ratio }
}
