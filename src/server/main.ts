import type { Server } from 'node:http'
import { serve } from '@hono/node-server'
import { createApp } from './app'
import { openDatabase } from './db/client'
import { DataDirInUseError } from './db/data-dir-lock'
import { isDatabaseEmpty, seedDemo } from './seed/seed'
import { buildDeps } from './deps'
import { EnvError, loadEnv } from './env'
import { createAdjustableClock, systemClock } from './lib/clock'
import { createLogger, exitOnCrash, flushLogs } from './lib/logger'
import { trackConnections } from './lib/drain'
import { startControlSocket } from './lib/control-socket'
import { startMaintenance } from './maintenance'
import { refereeSigningKey } from './lib/signing-key'
import { vapidKeys } from './lib/vapid-keys'
import { JOB_CATCH_UP_MS, startJobRunner } from './lib/job-runner'
import { enqueueStartJobs, jobHandlers } from './jobs'
import { WEB_ROOT } from './paths'

// How long a stopping server waits for the requests under way.
const SHUTDOWN_GRACE_MS = 10_000

async function main() {
  let env
  try {
    env = loadEnv()
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message)
      process.exit(1)
    }
    throw error
  }
  const logger = createLogger(env)
  exitOnCrash(logger)
  const started = performance.now()
  let database
  try {
    database = await openDatabase({
      databaseUrl: env.DATABASE_URL,
      dataDir: env.DATA_DIR,
      poolSize: env.DATABASE_POOL_SIZE,
    })
  } catch (error) {
    // Another server already runs on this embedded database: refused, naming it.
    if (!(error instanceof DataDirInUseError)) throw error
    logger.fatal({ dataDir: error.dataDir, holder: error.owner }, error.message)
    flushLogs(logger)
    process.exit(1)
  }
  logger.info({ database: database.kind }, 'database ready, migrations applied')
  // A live event that could not be sent after its write committed: the write stands, and the
  // players' pages catch up at their next refetch.
  database.onAfterCommitError((error) => logger.error({ err: error }, 'a step after a commit failed'))
  // The embedded database's thread stopped: every request would fail from now on, and it cannot be
  // started again under the transactions it had. The server stops, so that its service manager
  // starts it again on the data directory, which holds every write it acknowledged.
  database.onFatal((error) => {
    try {
      logger.fatal({ err: error }, 'the embedded database stopped; stopping the server')
    } finally {
      flushLogs(logger)
      process.exit(1)
    }
  })

  // Browser journeys move the clock (test-clock.ts); never in production (env.ts).
  const clock = env.TEST_CLOCK ? createAdjustableClock() : systemClock

  // Demo data only for a fresh embedded database: a PostgreSQL server is never seeded implicitly.
  if (env.SEED_DEMO && database.kind === 'pglite' && (await isDatabaseEmpty(database.db))) {
    const demo = await seedDemo(database.db, { productName: env.PRODUCT_NAME, now: clock.now() })
    logger.info('demo data created')
    console.log(demo.summary)
  }

  // The composition root: the parts that touch the outside world (database, mailer, event hub,
  // clock) are built here, once, and handed to the app (deps.ts).
  const deps = buildDeps({
    database,
    env,
    logger,
    webRoot: WEB_ROOT,
    refereeKey: refereeSigningKey(env.REFEREE_SIGNING_KEY, env.DATA_DIR),
    vapid: vapidKeys(env, database.kind === 'pglite'),
    clock,
  })
  const app = createApp(deps)
  // The hub listens from the start, not from the first stream: a stream opening later can then be
  // told that its player missed nothing since their page was read (docs/decisions/0124). A failed
  // LISTEN is tried again when a stream opens.
  deps.realtime
    .start()
    .catch((error: unknown) => logger.warn({ err: error }, 'realtime listen failed at start'))
  // Background work: mail tried again, expired rows deleted (maintenance.ts). The job
  // runner, when it comes, is built here beside it, takes deps, and is stopped in `stop`.
  const maintenance = startMaintenance(deps)
  // Reminders and PlayDates whose start passed: the jobs table, each job run once across
  // instances (lib/jobs.ts). The database's one-time work is enqueued first; should that fail,
  // the next start enqueues it.
  await enqueueStartJobs(database.db, deps.clock.now()).catch((error: unknown) =>
    logger.error({ err: error }, 'one-time jobs not enqueued at start'),
  )
  const jobs = startJobRunner({
    db: database.db,
    handlers: jobHandlers(deps),
    clock: deps.clock,
    logger,
    catchUp: database.kind === 'pglite' ? JOB_CATCH_UP_MS : 'paced',
  })
  // `npm run backup` asks the running server for a backup of its embedded database, through a
  // local socket in DATA_DIR (lib/control-socket.ts).
  const control = database.dump ? startControlSocket({ dataDir: env.DATA_DIR, database, logger }) : undefined
  // Answers go out as the app writes them: compressing them is the reverse proxy's work, and the
  // assets' .br and .gz are written by the build (docs/decisions/0154, docs/operations.md).
  const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, (info) => {
    logger.info(
      { port: info.port, ms: Math.round(performance.now() - started) },
      `listening on ${env.PUBLIC_URL}`,
    )
  })

  // An idle keep-alive connection stays open past what clients and load balancers keep one for
  // (about 60 s): a server that closes it first can race the client's next request on it, which
  // the client sees as a reset connection. Headers must then be allowed a little longer still.
  const httpServer = server as Server
  httpServer.keepAliveTimeout = 65_000
  httpServer.headersTimeout = 66_000

  // A graceful stop (a deploy, a scale-down), without resetting a request (lib/drain.ts,
  // docs/decisions/0144): health answers 503 from the signal on, so a load balancer stops sending
  // here; no new connections; every answer says `Connection: close`; live streams end so their
  // browsers reconnect elsewhere; requests under way finish (up to SHUTDOWN_GRACE_MS), and only
  // then does the database close.
  const connections = trackConnections(httpServer)
  let stopping = false
  const stop = async (signal: string) => {
    if (stopping) return
    stopping = true
    deps.status.stopping = true
    logger.info({ signal }, 'shutting down')
    const drained = connections.drain(SHUTDOWN_GRACE_MS)
    deps.realtime.closeAllStreams()
    if ((await drained).cut) {
      logger.warn(
        { graceMs: SHUTDOWN_GRACE_MS },
        'requests still open at the end of the grace period; closed them',
      )
    }
    await control?.close()
    await maintenance.stop()
    await jobs.stop()
    await database.close()
    logger.info('stopped')
    flushLogs(logger)
    process.exit(0)
  }
  process.on('SIGINT', () => void stop('SIGINT'))
  process.on('SIGTERM', () => void stop('SIGTERM'))
}

void main()
