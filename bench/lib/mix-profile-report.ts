// Where the server's time goes under the mix: the CPU profiles of the servers of each profiled
// step (`npm run bench -- --mix-cpu-prof DIR`, node --cpu-prof), cut to the step's measured window,
// per player action: by category (profile-report.ts) and by what the thread was doing (the
// players' requests, the event streams, the job runner, the maintenance loop, the request log,
// timers), with a flame graph of each step.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import {
  CATEGORIES,
  type CpuProfile,
  cutProfile,
  type FlameNode,
  flameSvg,
  type StackFrame,
  type WindowProfile,
} from './profile-report'
import type { MixResult } from './mix'

// What a sample's thread was doing, from the app's own frames on its stack (the innermost one
// that belongs to a piece of background work wins). Work that resumes after an await (a reply
// read from the database, say) has none of the frames that started it on its stack: it counts
// by its category.
const BACKGROUND: [RegExp, string][] = [
  [/ lib\/(job-runner|jobs)\.ts:|\.jobs\.ts:/, 'Job runner'],
  [/ maintenance\.ts:/, 'Maintenance loop'],
  [/ (lib\/realtime|lib\/event-stream|features\/realtime\/)/, 'Event streams (hub, heartbeats, events)'],
  [/ lib\/logger\.ts:/, 'Request log'],
]

export const ACTIVITIES = [
  'Requests: the app on the stack (routes, services, queries)',
  'Request log',
  'Event streams (hub, heartbeats, events)',
  'Job runner',
  'Maintenance loop',
  'Timers, no app frame',
  'Database: statements out, replies in, no app frame',
  'HTTP: Node and Hono, no app frame',
  'Promises, ticks and async context, no app frame',
  'Garbage collection',
  'Other, no app frame',
] as const

export function mixActivity(frames: readonly StackFrame[], category: string): string {
  let app = false
  for (let at = frames.length - 1; at >= 0; at--) {
    const frame = frames[at]!
    if (!frame.category.startsWith('App:')) continue
    app = true
    const found = BACKGROUND.find(([pattern]) => pattern.test(frame.label))
    if (found) return found[1]
  }
  if (app) return ACTIVITIES[0]
  if (category === 'Garbage collection') return 'Garbage collection'
  if (frames.some((frame) => /^(listOnTimeout|processTimers) /.test(frame.label)))
    return 'Timers, no app frame'
  if (/pg|PGlite/.test(category)) return 'Database: statements out, replies in, no app frame'
  if (/^(Node HTTP|Hono|Web Request)/.test(category)) return 'HTTP: Node and Hono, no app frame'
  if (category.startsWith('Promises')) return 'Promises, ticks and async context, no app frame'
  return 'Other, no app frame'
}

// The functions that took the most time themselves (not in their callees), by label.
export function selfTimes(flame: FlameNode): Map<string, number> {
  const self = new Map<string, number>()
  const walk = (node: FlameNode) => {
    let children = 0
    for (const child of node.children.values()) {
      children += child.us
      walk(child)
    }
    if (node !== flame) self.set(node.label, (self.get(node.label) ?? 0) + node.us - children)
  }
  walk(flame)
  return self
}

const add = (into: Map<string, number>, from: Map<string, number>) => {
  for (const [key, value] of from) into.set(key, (into.get(key) ?? 0) + value)
}

const us = (value: number) => `${Math.round(value).toLocaleString('en-US')} µs`

// A profile file of one thread of one process: Node names it CPU.<date>.<time>.<pid>.<tid>.<seq>.
const threadsOf = (dir: string, pid: number) =>
  readdirSync(dir)
    .map((file) => ({ file, match: /^CPU\.\d+\.\d+\.(\d+)\.(\d+)\.\d+\.cpuprofile$/.exec(file) }))
    .filter(({ match }) => match && Number(match[1]) === pid)
    .map(({ file, match }) => ({ file: path.join(dir, file), thread: Number(match![2]) }))
    .sort((a, b) => a.thread - b.thread)

export function writeMixProfileReport(options: {
  mix: MixResult
  outDir: string
  root: string
  header: string
}) {
  const { mix, outDir, root } = options
  const flameDir = 'flame-mix'
  mkdirSync(path.join(outDir, flameDir), { recursive: true })
  const stepRows: string[] = []
  const sections: string[] = []
  for (const config of mix.configs) {
    for (const step of config.steps) {
      if (!step.profile) continue
      const actions = Math.round(step.actionsPerSecond * mix.settings.seconds)
      const window = { ...step.window, requests: actions }
      const main: WindowProfile[] = []
      const others: WindowProfile[] = []
      let otherThreadsUs = 0
      for (const pid of step.profile.pids) {
        for (const { file, thread } of threadsOf(step.profile.dir, pid)) {
          const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile
          const cut = cutProfile(profile, [window], root, mixActivity)
          if (thread === 0) main.push(cut)
          else {
            others.push(cut)
            otherThreadsUs += cut.busyUs
          }
        }
      }
      if (main.length === 0) continue
      const all: WindowProfile = {
        busyUs: 0,
        requests: actions,
        byCategory: new Map(),
        byActivity: new Map(),
        flame: { label: 'all', category: '', us: 0, children: new Map() },
      }
      for (const cut of main) {
        all.busyUs += cut.busyUs
        add(all.byCategory, cut.byCategory)
        add(all.byActivity, cut.byActivity)
      }
      const perAction = (value: number) => (actions ? value / actions : 0)
      const slug = `${config.key}-${step.players}`
      // One flame graph per step: the first instance's main thread, per action it served.
      const first = { ...main[0]!, requests: Math.round(actions / main.length) }
      writeFileSync(
        path.join(outDir, flameDir, `${slug}.svg`),
        // Boxes under 4 px left out: the graph stays small enough to keep with the results.
        flameSvg(`${config.name}, ${step.players.toLocaleString('en-US')} players`, first, 'action', 4),
      )
      stepRows.push(
        `| ${config.name} | ${step.players.toLocaleString('en-US')} | ${step.actionsPerSecond} | ${step.serverCpuPerActionUs === null ? '–' : us(step.serverCpuPerActionUs)} | ${us(perAction(all.busyUs))} | ${otherThreadsUs ? us(perAction(otherThreadsUs)) : '–'} | ${step.p99} | [flame graph](${flameDir}/${slug}.svg) |`,
      )
      const share = (value: number) => `${((value / (all.busyUs || 1)) * 100).toFixed(0)}%`
      const activityRows = ACTIVITIES.filter((a) => (all.byActivity.get(a) ?? 0) > 0).map(
        (a) => `| ${a} | ${us(perAction(all.byActivity.get(a)!))} | ${share(all.byActivity.get(a)!)} |`,
      )
      const categoryRows = CATEGORIES.filter((c) => perAction(all.byCategory.get(c) ?? 0) >= 0.5).map(
        (c) => `| ${c} | ${us(perAction(all.byCategory.get(c)!))} | ${share(all.byCategory.get(c)!)} |`,
      )
      const self = new Map<string, number>()
      for (const cut of main) add(self, selfTimes(cut.flame))
      const top = (times: Map<string, number>, of: number) =>
        [...times]
          .sort((a, b) => b[1] - a[1])
          .slice(0, 15)
          .map(
            ([label, value]) =>
              `| \`${label}\` | ${us(perAction(value))} | ${((value / (of || 1)) * 100).toFixed(0)}% |`,
          )
      const topRows = top(self, all.busyUs)
      const otherSelf = new Map<string, number>()
      for (const cut of others) add(otherSelf, selfTimes(cut.flame))
      const otherRows = others.length
        ? [
            '',
            "The other threads (the embedded database's worker), busy " +
              `${us(perAction(otherThreadsUs))} per action:`,
            '',
            '| Function (its own time) | Per action | Share |',
            '|---|---:|---:|',
            ...top(otherSelf, otherThreadsUs),
          ]
        : []
      sections.push(
        [
          `## ${config.name}, ${step.players.toLocaleString('en-US')} players`,
          '',
          `${actions.toLocaleString('en-US')} actions in ${mix.settings.seconds} s; the main thread${main.length > 1 ? 's' : ''} busy ${us(perAction(all.busyUs))} per action.`,
          '',
          '| What the main thread was doing | Per action | Share |',
          '|---|---:|---:|',
          ...activityRows,
          '',
          '| Category (innermost frame) | Per action | Share |',
          '|---|---:|---:|',
          ...categoryRows,
          '',
          '| Function (its own time) | Per action | Share |',
          '|---|---:|---:|',
          ...topRows,
          ...otherRows,
          '',
        ].join('\n'),
      )
    }
  }
  const markdown = [
    "# Where the server's time goes under the mix",
    '',
    options.header,
    '',
    'Each profiled step of the mix (docs/decisions/0117) ran its server(s) with `node --cpu-prof`',
    '(a sample every millisecond or so, each thread in a profile of its own). The samples taken in',
    "the step's measured window count, divided by the players' actions in it: the busy time of each",
    "server's main thread (CPU and the time a system call blocks it), and that of its other threads",
    '(the embedded database\'s worker) apart. "Server CPU per action" is all of the server\'s',
    'threads from /proc, as the mix reports it, and includes what profiling costs.',
    '',
    "What the thread was doing is read from the app's own frames on the stack: the innermost of",
    'the job runner, the maintenance loop, the event streams (the hub, heartbeats and events) or the',
    "request log, else a request's code when any app frame is there. Work that resumes after an",
    'await (a database reply read, an answer written) has none of the frames that started it on',
    'its stack: it counts by its category, "no app frame".',
    '',
    '| Configuration | Players | Actions/s | Server CPU per action (/proc) | Main thread(s), profile | Other threads | p99 ms | |',
    '|---|---:|---:|---:|---:|---:|---:|---|',
    ...stepRows,
    '',
    ...sections,
  ].join('\n')
  const file = path.join(outDir, 'where-the-time-goes-mix.md')
  writeFileSync(file, markdown)
  return file
}
