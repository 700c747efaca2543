// The performance issue's goals for the mix, met or not, and the figures of each action alone
// (mix-alone.ts) they are checked against: tables for the report (report.ts renders them).
import { count, ms } from './markdown'
import { DEFAULT_ALONE_ACTIONS_PER_SECOND } from './mix-alone'
import { ACTIONS } from './mix-model'
import { MIX_P99_MS, type MixConfigKey, type MixResult } from './mix'

// Active players one instance is to serve at p99 < MIX_P99_MS; two instances have no goal.
export const MIX_CAPACITY_GOALS: Partial<Record<MixConfigKey, number>> = { pglite: 20_000, postgres: 15_000 }
// At capacity, server CPU per action at most this many times its requests' cost each alone.
export const MIX_ALONE_RATIO_GOAL = 2

type Row = [target: string, measured: string, met: boolean | null]

const us = (value: number | null) => (value === null ? '-' : `${count(value)} µs`)

export function mixTargets(mix: MixResult): Row[] {
  const rows: Row[] = []
  for (const config of mix.configs) {
    const goal = MIX_CAPACITY_GOALS[config.key]
    if (goal === undefined) continue
    rows.push([
      `${config.name} serves ≥ ${count(goal)} active players at p99 < ${MIX_P99_MS} ms`,
      config.capacity === null ? 'no step passed' : `${config.atLeast ? '≥ ' : ''}${count(config.capacity)}`,
      config.capacity !== null && config.capacity >= goal,
    ])
  }
  for (const config of mix.configs) {
    const { alone } = config
    if (!alone) continue
    const { compared, ratio } = alone
    const at = compared
      ? `${us(compared.serverCpuPerActionUs)} at ${count(compared.players)} players` +
        (compared.pass ? '' : ' (no step passed: the largest measured)')
      : 'no step measured'
    rows.push([
      `${config.name}: server CPU per action at capacity ≤ ${MIX_ALONE_RATIO_GOAL}× its requests alone`,
      ratio === null
        ? `${at}; ${us(alone.serverCpuPerActionUs)} alone`
        : `${at} = ${ratio}× the ${us(alone.serverCpuPerActionUs)} alone`,
      ratio === null ? null : ratio <= MIX_ALONE_RATIO_GOAL,
    ])
  }
  return rows
}

export const mixTargetsTable = (
  mix: MixResult,
  met: (pass: boolean | null) => string,
): [string[], string[][]] => [
  ['Target', 'Measured', 'Met'],
  mixTargets(mix).map(([target, measured, pass]) => [target, measured, met(pass)]),
]

// Each action alone, per configuration: server CPU per action and its requests' p50 / p99.
export function aloneTable(mix: MixResult): [string[], string[][]] {
  const shown = mix.configs.filter((config) => config.alone)
  const header = [
    'Action',
    'Weight',
    ...shown.map((config) => `${config.name} at ${config.alone!.actionsPerSecond}/s: CPU · p50 / p99`),
  ]
  const rows = ACTIONS.map((action) => [
    action.name,
    String(action.weight),
    ...shown.map((config) => {
      const alone = config.alone!.actions.find((a) => a.key === action.key)
      if (!alone) return '-'
      return (
        `${us(alone.serverCpuUs)} · ${ms(alone.p50)} / ${ms(alone.p99)} ms` +
        (alone.standIns ? `, ${count(alone.standIns)} other actions in its place` : '') +
        (alone.errors ? `, ${count(alone.errors)} errors` : '')
      )
    }),
  ])
  rows.push([
    'Weighted by the mix',
    String(ACTIONS.reduce((sum, action) => sum + action.weight, 0)),
    ...shown.map((config) => us(config.alone!.serverCpuPerActionUs)),
  ])
  return [header, rows]
}

// The paragraph of "How it is measured" on the actions alone; none when they were not measured.
export function aloneHowMeasured(mix: MixResult) {
  const { settings } = mix
  if (!mix.configs.some((config) => config.alone)) return undefined
  return (
    "**Each action alone.** After its steps, each configuration's server(s) start afresh as for a step, " +
    `with no event streams, warm up with the whole mix for ${settings.warmupSeconds} s, and then take ` +
    `each action by itself for ${settings.aloneSeconds} s, at the capacity step's actions a second ` +
    (settings.aloneRate === undefined
      ? `(${DEFAULT_ALONE_ACTIONS_PER_SECOND} when no step passed)`
      : `(here ${settings.aloneRate}, set by --mix-alone-rate)`) +
    ', so the background work (jobs, maintenance) is spread over as many actions as in that step; then ' +
    'what they wrote is removed. Server CPU per action is read as in a step (the server process(es), on ' +
    "PGlite with the embedded database's thread; not the PostgreSQL backends). An action that cannot be " +
    'done is done as the nearest one that can, as in the mix (an acceptance with no application left to ' +
    "accept is an application): its figure is then the window's CPU less those actions at their own cost " +
    'alone, per action of its kind. Weighted by the mix, the actions alone give what one action of the ' +
    `mix costs the server by itself; the goal is that at capacity the mix costs at most ${MIX_ALONE_RATIO_GOAL} ` +
    'times that (with no step passed, the largest step measured stands in for the capacity step). The ' +
    'streams are left out on purpose: what they cost is part of what the mix adds.'
  )
}
