// Where a read's server time goes: the CPU profiles of the app server and of the least server
// (node --cpu-prof, written by `npm run bench -- --cpu-prof DIR`), cut into each read's measured
// windows, each sample counted in the part of the stack it was taken in (its category), and a
// flame graph of the app's time for each read.
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs'
import { SourceMap } from 'node:module'
import path from 'node:path'
import { escapeHtml } from '../../src/server/lib/mail'
import { WRITES } from './endpoints'
import type { ProfileWindow } from './suite-options'

interface CallFrame {
  functionName: string
  url: string
  lineNumber: number
  columnNumber: number
}

interface ProfileNode {
  id: number
  callFrame: CallFrame
  children?: number[]
}

export interface CpuProfile {
  nodes: ProfileNode[]
  startTime: number
  endTime: number
  samples: number[]
  timeDeltas: number[]
}

// A frame as the report names it: its category, and a label for the flame graph.
interface Frame {
  category: string
  label: string
  // V8's own entries and built-ins without a script: counted in their caller's category.
  inherits: boolean
}

// The categories, in the order the report lists them.
export const CATEGORIES = [
  'Node HTTP, sockets and streams',
  'Node sockets under pg (statements out, rows in)',
  'Hono and its Node adapter',
  'Web Request, Response and Headers (undici)',
  'App: routes and middleware',
  'App: session and auth',
  'App: feature services and queries',
  'App: database client',
  'App: logging',
  'Drizzle ORM',
  'zod',
  'pg driver',
  'PGlite client (protocol parser, result rows)',
  'pino',
  'JSON',
  'Compression (zlib)',
  'Crypto',
  'Promises, ticks and async context',
  'Least server code',
  'Other packages',
  'Other Node and JS',
  'Native (V8, libuv, system calls)',
  'Garbage collection',
] as const
type Category = (typeof CATEGORIES)[number]

const PACKAGES: [RegExp, Category][] = [
  [/^(hono|@hono\/)/, 'Hono and its Node adapter'],
  [/^drizzle-orm/, 'Drizzle ORM'],
  [/^zod/, 'zod'],
  [/^(pg|pg-protocol|pg-pool|pg-types|pgpass|postgres-[\w-]+|pg-cursor)$/, 'pg driver'],
  [/^(pino|sonic-boom|thread-stream|pino-[\w-]+)$/, 'pino'],
  [/^@electric-sql\/pglite/, 'PGlite client (protocol parser, result rows)'],
]

function appCategory(source: string): Category {
  if (/lib\/log|logger/.test(source)) return 'App: logging'
  if (/features\/auth\//.test(source)) return 'App: session and auth'
  if (/server\/db\//.test(source)) return 'App: database client'
  if (/features\//.test(source)) return 'App: feature services and queries'
  return 'App: routes and middleware'
}

// Names each profile node's frame, with the bundle's source map for the app's own code.
function frameNamer(root: string) {
  const bundle = path.join(root, 'dist/server/main.js')
  let map: SourceMap | null = null
  try {
    map = new SourceMap(JSON.parse(readFileSync(`${bundle}.map`, 'utf8')))
  } catch {
    map = null
  }
  const cache = new Map<string, Frame>()
  return (frame: CallFrame): Frame => {
    const key = `${frame.functionName}|${frame.url}|${frame.lineNumber}|${frame.columnNumber}`
    const known = cache.get(key)
    if (known) return known
    const name = frame.functionName || '(anonymous)'
    let result: Frame
    if (name === '(garbage collector)')
      result = { category: 'Garbage collection', label: name, inherits: false }
    else if (name === '(program)')
      result = { category: 'Native (V8, libuv, system calls)', label: name, inherits: false }
    else if (name === '(root)' || name === '(idle)') result = { category: '', label: name, inherits: true }
    else if (!frame.url) {
      const json = name === 'stringify' || name === 'parse' || name.startsWith('JSON')
      result = json
        ? { category: 'JSON', label: `JSON.${name}`, inherits: false }
        : { category: '', label: name, inherits: true }
    } else if (frame.url.startsWith('node:')) {
      const module = frame.url.slice('node:'.length)
      const category: Category = /crypto/.test(module)
        ? 'Crypto'
        : /zlib/.test(module)
          ? 'Compression (zlib)'
          : /undici/.test(module)
            ? 'Web Request, Response and Headers (undici)'
            : /task_queues|promises|async_hooks|async_context/.test(module)
              ? 'Promises, ticks and async context'
              : /http|net|stream|tls|dns|timers|events|buffer/.test(module)
                ? 'Node HTTP, sockets and streams'
                : 'Other Node and JS'
      result = { category, label: `${name} ${module}:${frame.lineNumber + 1}`, inherits: false }
    } else if (frame.url.includes('/node_modules/')) {
      const rest = frame.url.slice(frame.url.lastIndexOf('/node_modules/') + '/node_modules/'.length)
      const parts = rest.split('/')
      const pkg = parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!
      const category = PACKAGES.find(([pattern]) => pattern.test(pkg))?.[1] ?? 'Other packages'
      result = { category, label: `${name} ${pkg}`, inherits: false }
    } else if (frame.url.endsWith('bare-server.mjs')) {
      result = {
        category: 'Least server code',
        label: `${name} bare-server.mjs:${frame.lineNumber + 1}`,
        inherits: false,
      }
    } else if (frame.url.endsWith('dist/server/main.js') && map) {
      const entry = map.findEntry(frame.lineNumber, frame.columnNumber) as {
        originalSource?: string
        originalLine?: number
      }
      const source = (entry.originalSource ?? 'main.js').replace(/^.*?\/src\//, 'src/')
      result = {
        category: appCategory(source),
        label: `${name} ${source.replace(/^src\/server\//, '')}:${(entry.originalLine ?? frame.lineNumber) + 1}`,
        inherits: false,
      }
    } else {
      result = {
        category: 'Other Node and JS',
        label: `${name} ${path.basename(frame.url)}`,
        inherits: false,
      }
    }
    cache.set(key, result)
    return result
  }
}

// One namer per checkout: its source map is read and parsed once for every cut of a report.
const namers = new Map<string, (frame: CallFrame) => Frame>()
const namerOf = (root: string) => {
  let namer = namers.get(root)
  if (!namer) {
    namer = frameNamer(root)
    namers.set(root, namer)
  }
  return namer
}

export interface FlameNode {
  label: string
  category: string
  us: number
  children: Map<string, FlameNode>
}

export interface WindowProfile {
  // Busy time (not idle) of the server's main thread in the windows, µs.
  busyUs: number
  requests: number
  byCategory: Map<string, number>
  // By what the thread was doing, when cutProfile is given a way to tell (`activityOf`).
  byActivity: Map<string, number>
  flame: FlameNode
}

// A sample's stack as cutProfile passes it to `activityOf`: outermost frame first, each with its
// label (an app frame's names its source file) and category ('' for one that takes its caller's).
export type StackFrame = Pick<Frame, 'label' | 'category'>

// The samples of one profile inside the given windows, by category and as a tree.
export function cutProfile(
  profile: CpuProfile,
  windows: Pick<ProfileWindow, 'fromUs' | 'toUs' | 'requests'>[],
  root: string,
  activityOf?: (frames: readonly StackFrame[], category: string) => string,
): WindowProfile {
  const name = namerOf(root)
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]))
  const parents = new Map<number, number>()
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id)
  const stackOf = new Map<number, Frame[]>()
  const stack = (id: number): Frame[] => {
    const known = stackOf.get(id)
    if (known) return known
    const frames: Frame[] = []
    for (let at: number | undefined = id; at !== undefined; at = parents.get(at))
      frames.unshift(name(nodes.get(at)!.callFrame))
    stackOf.set(id, frames)
    return frames
  }
  const result: WindowProfile = {
    busyUs: 0,
    requests: windows.reduce((sum, w) => sum + w.requests, 0),
    byCategory: new Map(),
    byActivity: new Map(),
    flame: { label: 'all', category: '', us: 0, children: new Map() },
  }
  const sorted = [...windows].sort((a, b) => a.fromUs - b.fromUs)
  let time = profile.startTime
  for (let index = 0; index < profile.samples.length; index++) {
    time += profile.timeDeltas[index] ?? 0
    // A sample stands for the time until the next one.
    const duration = profile.timeDeltas[index + 1] ?? 0
    if (!sorted.some((w) => time >= w.fromUs && time < w.toUs)) continue
    const frames = stack(profile.samples[index]!)
    const leaf = frames[frames.length - 1]!
    if (leaf.label === '(idle)') continue
    let category = ''
    let at = frames.length - 1
    for (; at >= 0 && !category; at--) if (!frames[at]!.inherits) category = frames[at]!.category
    // Node's socket code that pg called: the cost of talking to PostgreSQL, not of HTTP.
    if (category === 'Node HTTP, sockets and streams') {
      for (; at >= 0; at--) {
        const caller = frames[at]!.category
        if (caller === 'pg driver') category = 'Node sockets under pg (statements out, rows in)'
        if (
          !frames[at]!.inherits &&
          caller !== 'Node HTTP, sockets and streams' &&
          caller !== 'Other Node and JS'
        )
          break
      }
    }
    category ||= 'Other Node and JS'
    result.busyUs += duration
    result.byCategory.set(category, (result.byCategory.get(category) ?? 0) + duration)
    if (activityOf) {
      const activity = activityOf(frames, category)
      result.byActivity.set(activity, (result.byActivity.get(activity) ?? 0) + duration)
    }
    let node = result.flame
    node.us += duration
    for (const frame of frames) {
      if (frame.label === '(root)') continue
      let child = node.children.get(frame.label)
      if (!child) {
        child = {
          label: frame.label,
          category: frame.inherits ? node.category : frame.category,
          us: 0,
          children: new Map(),
        }
        node.children.set(frame.label, child)
      }
      child.us += duration
      node = child
    }
  }
  return result
}

const COLOURS: Record<string, string> = {
  'Node HTTP, sockets and streams': '#93c5fd',
  'Node sockets under pg (statements out, rows in)': '#7dd3fc',
  'Hono and its Node adapter': '#fdba74',
  'App: routes and middleware': '#86efac',
  'App: session and auth': '#4ade80',
  'App: feature services and queries': '#22c55e',
  'App: database client': '#a3e635',
  'App: logging': '#d9f99d',
  'Drizzle ORM': '#f9a8d4',
  zod: '#c4b5fd',
  'pg driver': '#67e8f9',
  'PGlite client (protocol parser, result rows)': '#5eead4',
  pino: '#fde68a',
  JSON: '#fca5a5',
  'Compression (zlib)': '#d9f99d',
  'Web Request, Response and Headers (undici)': '#fed7aa',
  'Promises, ticks and async context': '#e2e8f0',
  Crypto: '#fcd34d',
  'Least server code': '#86efac',
  'Other packages': '#e5e7eb',
  'Other Node and JS': '#cbd5e1',
  'Native (V8, libuv, system calls)': '#a8a29e',
  'Garbage collection': '#f87171',
}

// An icicle flame graph (the first frame on top): width is time, each box's title says its time
// per request (or per `unit`). Boxes narrower than `minWidth` pixels are left out.
export function flameSvg(title: string, profile: WindowProfile, unit = 'request', minWidth = 2): string {
  const width = 1200
  const row = 17
  const top = 40
  const total = profile.flame.us || 1
  const perRequest = (us: number) => (profile.requests ? us / profile.requests : 0)
  const boxes: string[] = []
  let depthMax = 0
  const draw = (node: FlameNode, x: number, depth: number) => {
    let at = x
    const children = [...node.children.values()].sort((a, b) => a.label.localeCompare(b.label))
    for (const child of children) {
      const w = (child.us / total) * width
      if (w >= minWidth) {
        depthMax = Math.max(depthMax, depth)
        const y = top + depth * row
        const share = ((child.us / total) * 100).toFixed(1)
        const tip = `${child.label} (${child.category}): ${perRequest(child.us).toFixed(1)} µs per ${unit}, ${share}%`
        const chars = Math.floor((w - 6) / 6.6)
        const text =
          chars >= 3 ? (child.label.length > chars ? `${child.label.slice(0, chars - 1)}…` : child.label) : ''
        boxes.push(
          `<g><title>${escapeHtml(tip)}</title><rect x="${at.toFixed(1)}" y="${y}" width="${w.toFixed(1)}" height="${row - 1}" fill="${COLOURS[child.category] ?? '#e5e7eb'}" rx="2"/>` +
            (text ? `<text x="${(at + 3).toFixed(1)}" y="${y + 12}">${escapeHtml(text)}</text>` : '') +
            '</g>',
        )
        draw(child, at, depth + 1)
      }
      at += w
    }
  }
  draw(profile.flame, 0, 0)
  const height = top + (depthMax + 1) * row + 10
  const heading = `${title}: ${perRequest(profile.busyUs).toFixed(0)} µs of the thread per ${unit} (${profile.requests.toLocaleString('en-US')} ${unit}s)`
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="ui-monospace, monospace" font-size="11">`,
    `<rect width="100%" height="100%" fill="#fff"/>`,
    `<text x="4" y="18" font-size="14" font-family="sans-serif">${escapeHtml(heading)}</text>`,
    `<text x="4" y="33" font-size="11" font-family="sans-serif" fill="#475569">Each box is a function, under its caller; its width is its share of the time. Hover for the time per ${unit}.</text>`,
    ...boxes,
    '</svg>',
    '',
  ].join('\n')
}

// The process's CPU per request over windows (all threads, from /proc), weighted by requests.
const cpuPerRequest = (windows: ProfileWindow[]) => {
  const counted = windows.filter((w) => w.serverCpuUs !== undefined && w.requests > 0)
  const requests = counted.reduce((sum, w) => sum + w.requests, 0)
  return requests ? counted.reduce((sum, w) => sum + w.serverCpuUs! * w.requests, 0) / requests : null
}

const us = (value: number) => `${Math.round(value).toLocaleString('en-US')} µs`

const WRITE_KEYS = new Set<string>(WRITES.map((write) => write.key))

// The report of a profiled run: each read's and write's main-thread time per request on the app
// and, for reads on PostgreSQL, on the least server; where the app's goes; and a flame graph of
// each (flame<suffix>/<key>.svg under `outDir`). `suffix` tells the embedded database's report
// (-pglite) from PostgreSQL's.
export function writeProfileReport(options: {
  profileDir: string
  windows: ProfileWindow[]
  outDir: string
  root: string
  header: string
  suffix?: string
  database?: string
}) {
  const { profileDir, windows, outDir, root } = options
  const suffix = options.suffix ?? ''
  const flameDir = `flame${suffix}`
  const files = readdirSync(profileDir).filter((file) => file.endsWith('.cpuprofile'))
  const load = (prefix: string, dataset: string) => {
    const file = files.find((f) => f === `${prefix}-${dataset.replace(/[^\w-]+/g, '-')}.cpuprofile`)
    return file ? (JSON.parse(readFileSync(path.join(profileDir, file), 'utf8')) as CpuProfile) : null
  }
  const least = windows.find((w) => w.server === 'least')
  const dataset = least?.dataset ?? windows[0]?.dataset
  if (!dataset) throw new Error('no measured window to report')
  const app = load('app', dataset)
  const leastProfile = load('least', dataset)
  if (!app) throw new Error(`no CPU profile of the app server on ${dataset} in ${profileDir}`)
  mkdirSync(path.join(outDir, flameDir), { recursive: true })
  const keys = [...new Set(windows.filter((w) => w.dataset === dataset).map((w) => w.key))]
  const all = { app: [] as ProfileWindow[], least: [] as ProfileWindow[] }
  const rows: string[] = []
  for (const key of keys) {
    const appWindows = windows.filter((w) => w.dataset === dataset && w.key === key && w.server === 'app')
    const leastWindows = windows.filter((w) => w.dataset === dataset && w.key === key && w.server === 'least')
    if (!WRITE_KEYS.has(key)) {
      all.app.push(...appWindows)
      all.least.push(...leastWindows)
    }
    const name = appWindows[0]?.name ?? key
    const a = cutProfile(app, appWindows, root)
    const l = leastProfile && leastWindows.length ? cutProfile(leastProfile, leastWindows, root) : null
    const perRequest = (p: WindowProfile, value: number) => (p.requests ? value / p.requests : 0)
    const top = [...a.byCategory]
      .sort((x, y) => y[1] - x[1])
      .slice(0, 5)
      .map(([category, value]) => `${category} ${us(perRequest(a, value))}`)
      .join('; ')
    const appUs = perRequest(a, a.busyUs)
    const leastUs = l ? perRequest(l, l.busyUs) : 0
    const appCpu = cpuPerRequest(appWindows)
    const leastCpu = cpuPerRequest(leastWindows)
    const cpu =
      appCpu && leastCpu
        ? `${us(appCpu)} / ${us(leastCpu)} = ${(appCpu / leastCpu).toFixed(2)}×`
        : appCpu
          ? `${us(appCpu)} / –`
          : '–'
    rows.push(
      `| ${name} | ${us(appUs)} | ${l ? us(leastUs) : '–'} | ${l && leastUs ? `${(appUs / leastUs).toFixed(2)}×` : '–'} | ${cpu} | ${top} | [flame graph](${flameDir}/${key}.svg) |`,
    )
    writeFileSync(path.join(outDir, flameDir, `${key}.svg`), flameSvg(`${name} (app server, ${dataset})`, a))
  }
  const appAll = cutProfile(app, all.app, root)
  const leastAll = leastProfile && all.least.length ? cutProfile(leastProfile, all.least, root) : null
  if (leastAll)
    writeFileSync(
      path.join(outDir, flameDir, 'all-reads-least-server.svg'),
      flameSvg(`Every hot read (the least server, ${dataset})`, leastAll),
    )
  writeFileSync(
    path.join(outDir, flameDir, 'all-reads.svg'),
    flameSvg(`Every hot read (app server, ${dataset})`, appAll),
  )
  const categoryRows = CATEGORIES.map((category) => {
    const a = (appAll.byCategory.get(category) ?? 0) / (appAll.requests || 1)
    const l = leastAll ? (leastAll.byCategory.get(category) ?? 0) / (leastAll.requests || 1) : 0
    return { category, a, l }
  })
    .filter((row) => row.a >= 0.5 || row.l >= 0.5)
    .map(
      ({ category, a, l }) =>
        `| ${category} | ${us(a)} | ${((a / (appAll.busyUs / (appAll.requests || 1))) * 100).toFixed(0)}% | ${leastAll ? us(l) : '–'} |`,
    )
  const appPerRequest = appAll.busyUs / (appAll.requests || 1)
  const leastPerRequest = leastAll ? leastAll.busyUs / (leastAll.requests || 1) : 0
  const intro = leastAll
    ? [
        'Each hot read was measured on the app server and on the least server (node:http and `pg`, the',
        'same statements, their rows as JSON: `bench/lib/bare-server.mjs`), and each hot write on the',
        'app server, with a CPU profile of each server (`node --cpu-prof`, a sample every millisecond or',
        'so).',
      ]
    : [
        `Each hot read and write was measured on the app server on ${options.database ?? 'its database'}, with a`,
        'CPU profile of it (`node --cpu-prof`, a sample every millisecond or so).',
      ]
  const markdown = [
    `# Where the server's time goes, read by read${options.database ? ` (${options.database})` : ''}`,
    '',
    options.header,
    '',
    ...intro,
    'The samples taken while a read or write was measured are its own: their time is the busy time of',
    "the server's main thread (CPU and the time a system call blocks it; not the threads of zlib,",
    "the garbage collector's helpers or the database), divided by the requests answered. Each sample",
    'counts in the category of the innermost function it was taken in that belongs to a package,',
    "Node or the app (V8's built-ins count in their caller's). Profiling itself costs some time, so",
    'the figures run above the CPU columns of latest.md.',
    '',
    '## Read by read, then the writes',
    '',
    "| Read or write | App: main thread per request | Least server | App ÷ least | CPU per request, all threads (/proc): app / least | Where the app's main thread goes (the five largest) | |",
    '|---|---:|---:|---:|---:|---|---|',
    ...rows,
    '',
    '## Every hot read together, by category',
    '',
    `The app's main thread: ${us(appPerRequest)} per request` +
      (leastAll ? `; the least server's: ${us(leastPerRequest)}. ` : '. ') +
      `Flame graphs of all of them together: [the app](${flameDir}/all-reads.svg)` +
      (leastAll ? `, [the least server](${flameDir}/all-reads-least-server.svg).` : '.'),
    '',
    "| Category | App, per request | Share of the app's | Least server, per request |",
    '|---|---:|---:|---:|',
    ...categoryRows,
    '',
  ].join('\n')
  const file = path.join(outDir, `where-the-time-goes${suffix}.md`)
  writeFileSync(file, markdown)
  return file
}
