// The mix's part of the report (mix.ts measures it): its goals, its model, how it is measured,
// and each step's figures.
import { count, cpuParts, markdownTable, ms } from './markdown'
import { MIX_P99_MS, type MixResult } from './mix'
import { MIN_WARMUP_ACTIONS_PER_SECOND } from './mix-load'
import { REQUEST_KINDS } from './mix-model'
import { aloneHowMeasured, aloneTable, mixTargetsTable } from './mix-targets'

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`
const capacityOf = (config: MixResult['configs'][number]) =>
  config.capacity === null ? 'none passed' : `${config.atLeast ? '≥ ' : ''}${count(config.capacity)}`

export function mixStepsTable(mix: MixResult): [string[], string[][]] {
  const header = [
    'Configuration',
    'Players',
    'Actions/s',
    'req/s',
    'p50',
    'p95',
    'p99',
    'Errors',
    'Refused (races)',
    'CPU/req: server + DB + load',
    'Server CPU/action',
    'RSS peak',
    'Events/s',
    'Load lag p99',
    'Pass',
  ]
  const rows = mix.configs.flatMap((config) =>
    [...config.steps]
      .sort((a, b) => a.players - b.players)
      .map((step) => [
        config.name,
        count(step.players),
        String(step.actionsPerSecond),
        count(step.rps),
        ms(step.p50),
        ms(step.p95),
        ms(step.p99),
        String(step.errors + step.streams.failed + step.streams.dropped),
        String(step.refused),
        cpuParts(
          step.serverCpuUs ?? undefined,
          step.databaseCpuUs ?? undefined,
          step.clientCpuUs ?? undefined,
        ),
        step.serverCpuPerActionUs === null ? '-' : `${step.serverCpuPerActionUs} µs`,
        step.rssPeakMb === null ? '-' : `${step.rssPeakMb} MB`,
        String(step.streams.eventsPerSecond),
        ms(step.lagP99Ms),
        step.pass ? 'yes' : 'no',
      ]),
  )
  return [header, rows]
}

// What each step's server main thread(s) went through in the measured window (loop-probe.mjs).
function mixThreadsTable(mix: MixResult): [string[], string[][]] {
  const header = [
    'Configuration',
    'Players',
    'Busy: mean / worst second',
    'Timer late: p99 of worst second / most',
    'GC ms/s (longest pause, major GCs)',
    'Pool: acquisitions waiting ≥ 1 ms',
    'Pool wait: mean / longest',
    'Most waiting',
    'Database thread busy: mean / worst second',
    'Jobs waiting at the end (oldest, late)',
  ]
  const percent = (share: number) => `${Math.round(share * 100)}%`
  const rows = mix.configs.flatMap((config) =>
    [...config.steps]
      .sort((a, b) => a.players - b.players)
      .filter((step) => step.probe)
      .map((step) => {
        const probe = step.probe!
        return [
          config.name,
          count(step.players),
          `${percent(probe.eluMean)} / ${percent(probe.eluMax)}`,
          `${ms(probe.loopP99Ms)} / ${ms(probe.loopMaxMs)}`,
          `${probe.gcMsPerSecond} (${ms(probe.gcMaxMs)}, ${probe.majorGcs})`,
          `${percent(probe.poolWaitedShare)} of ${count(probe.poolAcquired)}`,
          `${ms(probe.poolWaitMeanMs)} / ${ms(probe.poolWaitMaxMs)}`,
          count(probe.poolQueueMax),
          probe.workerEluMean === undefined
            ? '–'
            : `${percent(probe.workerEluMean)} / ${percent(probe.workerEluMax ?? 0)}`,
          step.jobs
            ? `${count(step.jobs.due)} (${step.jobs.oldestSeconds} s)${step.jobs.late === undefined ? '' : `, ${count(step.jobs.late)} late`}`
            : '–',
        ]
      }),
  )
  return [header, rows]
}

// The requests of the largest passing step of each configuration, by kind.
function kindsTable(mix: MixResult): [string[], string[][]] {
  const shown = mix.configs
    .map((config) => ({ config, step: config.steps.find((s) => s.pass && s.players === config.capacity) }))
    .filter((c) => c.step)
  const seen = new Set(shown.flatMap((c) => Object.keys(c.step!.byKind)))
  const kinds = [
    ...REQUEST_KINDS.filter((kind) => seen.has(kind)),
    ...[...seen].filter((k) => !REQUEST_KINDS.includes(k)),
  ]
  const header = ['Request', ...shown.map((c) => `${c.config.name} at ${count(c.step!.players)}: p50 / p99`)]
  const rows = kinds.map((kind) => [
    kind,
    ...shown.map((c) => {
      const k = c.step!.byKind[kind]
      return k ? `${ms(k.p50)} / ${ms(k.p99)} (${count(k.requests)})` : '-'
    }),
  ])
  return [header, rows]
}

export function mixMarkdown(mix: MixResult) {
  const { settings } = mix
  const lines: string[] = ['## Capacity on a realistic mix', '']
  lines.push(
    "The performance issue's goals for the mix, as this run measured them:",
    '',
    markdownTable(...mixTargetsTable(mix, (met) => (met === null ? '-' : met ? 'yes' : '**no**'))),
    '',
  )
  const sizes = Object.entries(mix.tables)
    .map(([kind, t]) => `${kind}: ${count(t.profiles ?? 0)} players, ${count(t.play_dates ?? 0)} PlayDates`)
    .join('; ')
  lines.push(
    `**The model.** Each active player holds one event stream (\`GET /api/events\`) for the whole step, as ` +
      `an open app does, and does one action every ${settings.thinkSeconds} s on average (exponential think time). ` +
      'Together their actions arrive as a Poisson process, each by a player picked at random, and do not wait ' +
      'for earlier answers, so a slow server meets the same demand. Actions, out of 100:',
    '',
  )
  lines.push(
    markdownTable(
      ['Action', 'Weight'],
      mix.model.actions.map((action) => [action.name, String(action.weight)]),
    ),
    '',
  )
  lines.push(
    `**How it is measured.** The same ${count(mix.profiles)}-player data set on both databases, so they compare ` +
      `like with like (${sizes}). Each step starts its server(s) afresh as \`npm start\` runs them ` +
      '(production mode, request log on, per-player rate limits as in production, the job runner and the ' +
      'maintenance loop running), opens every stream, warms up for ' +
      `${settings.warmupSeconds} s (at least ${MIN_WARMUP_ACTIONS_PER_SECOND} actions/s, every answer in before the window ` +
      `opens), measures for ${settings.seconds} s, and then removes what it wrote. The load generator is Node ` +
      '(node:http, keep-alive, in the benchmark process); every request is timed to the last ' +
      `byte of its answer. A step passes with p99 < ${MIX_P99_MS} ms, no error (no 5xx, timeout, network error ` +
      "or other 4xx) and every stream open to the end; a refusal that another player's action explains (a 409, " +
      'such as an application to a PlayDate just matched, or a 403 for a PlayDate matched while its detail was ' +
      'asked for) is a race, counted apart. Steps of ' +
      `${settings.steps.map(count).join(', ')} players, then ${plural(settings.bisections, 'bisection')} between the last ` +
      'pass and the first fail; the configurations take turns step by step, so a busy moment of the machine hits ' +
      'them alike. Two instances split the players between them (each player with its own stream on its ' +
      `instance), on one PostgreSQL, each with a pool of ${settings.poolSize}. CPU per request: the server ` +
      "process(es), the PostgreSQL backends of the data set's database (on PGlite the database runs inside the " +
      'server), and the load generator; it includes what the streams cost between requests (a heartbeat ' +
      'every 25 s each, and with it a session check before docs/decisions/0161) and the background work (jobs, maintenance), which is most of it in the smallest steps.',
    '',
  )
  const alone = aloneHowMeasured(mix)
  if (alone) lines.push(alone, '')
  lines.push(
    markdownTable(
      ['Configuration', `Players at p99 < ${MIX_P99_MS} ms`, 'Per instance'],
      mix.configs.map((config) => [
        config.name,
        capacityOf(config),
        config.capacity === null
          ? '-'
          : `${config.atLeast ? '≥ ' : ''}${count(Math.floor(config.capacity / config.instances))}`,
      ]),
    ),
    '',
  )
  lines.push(markdownTable(...mixStepsTable(mix)), '')
  const threads = mixThreadsTable(mix)
  if (threads[1].length) {
    lines.push(
      "The servers' main threads in each step's measured window (bench/lib/loop-probe.mjs, loaded into " +
        'each server with `node --import`): how busy the event loop was (its utilization, the mean of the ' +
        'seconds and the worst second), how late it ran a 5 ms timer (the p99 of the worst second, and the ' +
        'latest), garbage collection per second with its longest pause, and how long a query or ' +
        "transaction waited for one of the pool's connections (on PGlite, the one session behind them). " +
        "Two instances: both servers together. On PGlite, how busy the embedded database's thread was. " +
        'Then the jobs due by the end of the window and not run by then (the notice emails the writes ' +
        'queue, mostly), how long the oldest had waited, and how many were late: due more than the ' +
        "runner's 15 s between turns before the end (a turn that takes fewer than its 50 jobs is " +
        'followed 15 s later, so a job may wait that long by design): a runner that keeps up leaves ' +
        'none late.',
      '',
    )
    lines.push(markdownTable(...threads), '')
  }
  const kinds = kindsTable(mix)
  if (kinds[1].length) {
    lines.push("Each kind of request at each configuration's capacity (p50 / p99 in ms, and how many):", '')
    lines.push(markdownTable(...kinds), '')
  }
  if (mix.configs.some((config) => config.alone)) {
    lines.push(
      "Each action alone (server CPU per action, and its own requests' p50 / p99 in ms; errors count every " +
        'request of the window):',
      '',
    )
    lines.push(markdownTable(...aloneTable(mix)), '')
  }
  return lines.join('\n').trimEnd()
}
