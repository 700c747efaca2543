import { existsSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { z } from 'zod'

const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1' || value === 'yes')

const link = z
  .string()
  .refine((value) => /^(https?:\/\/|\/)/.test(value), 'must be an http(s) URL or a path starting with /')

const optionalUrl = z.url({ error: 'must be a URL' }).optional()

export const defaultPoolSize = () => 3 * availableParallelism()

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number({ error: 'must be a port number' }).int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: optionalUrl,
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .url({ error: 'must be a postgres:// URL' })
    .refine((value) => /^postgres(ql)?:\/\//.test(value), 'must be a postgres:// URL')
    .optional(),
  // Three connections per CPU core unless set (decision 0109): one Node process keeps a few
  // busy, and more only add backends that wait for the same cores.
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(defaultPoolSize()),
  PRODUCT_NAME: z.string().trim().min(1).max(60).default('PickleMatch'),
  // Demo data carries known passwords (an admin's too): by default never in production.
  SEED_DEMO: flag.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: flag.default(false),
  // Browser journeys move the server's clock (POST /api/test/clock) instead of waiting. Refused
  // in production.
  TEST_CLOCK: flag.default(false),
  // Multiplies every rate limit (sign-in, sign-up, account emails); 0 turns them off. For test
  // runs where every request comes from one address.
  RATE_LIMIT_FACTOR: z.coerce.number({ error: 'must be a number' }).min(0).max(10_000).default(1),
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  REQUIRE_SIGNUP_CODE: flag.default(false),
  ADMIN_EMAIL: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: 'must be an email address' }))
    .optional(),
  SMTP_URL: z
    .string()
    .refine((value) => /^smtps?:\/\//.test(value), 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('PickleMatch <no-reply@picklematch.local>'),
  GEMINI_API_KEY: z.string().min(1).optional(),
  GEMINI_MODEL: z.string().min(1).default('gemini-2.0-flash'),
  GEMINI_BASE_URL: z.url().default('https://generativelanguage.googleapis.com'),
  LLM_BASE_URL: optionalUrl,
  LLM_MODEL: z.string().min(1).optional(),
  LLM_API_KEY: z.string().min(1).optional(),
  // Signs the referee's answers, so a conversation sent back can only carry answers the referee
  // gave this player. Unset, one is made and kept in DATA_DIR; several instances share one by
  // setting it (an answer another key signed is left out of the conversation).
  REFEREE_SIGNING_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  // Web Push (docs/decisions/0091-web-push.md): the VAPID key pair (base64url, as web-push makes
  // them) and the contact the push services see. Unset on the embedded database, a pair is made
  // and kept in DATA_DIR; unset with DATABASE_URL, push is off (instances must share one pair).
  VAPID_PUBLIC_KEY: z.string().min(20).optional(),
  VAPID_PRIVATE_KEY: z.string().min(20).optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)/, 'must start with mailto: or https://')
    .optional(),
  // A local push service for tests (its origin, e.g. http://127.0.0.1:4100): subscriptions may
  // name it besides the browsers' push services. Refused in production.
  PUSH_TEST_SERVER: z
    .url({ error: 'must be an http(s) origin', protocol: /^https?$/ })
    .transform((value) => new URL(value).origin)
    .optional(),
  // External Help/FAQ and Road Map links; by default the About page's own sections.
  HELP_URL: link.default('/about#help'),
  ROADMAP_URL: link.default('/about#roadmap'),
})
// Account and invitation emails carry links to the app, built from PUBLIC_URL and never from the
// request's Host, which whoever sends the request chooses (a 'forgot password' sent for someone
// else with a Host of the sender's would mail that player a reset link to the sender's site).
// Production must name it; elsewhere it is this machine on the configured port.
const checkedEnvSchema = envSchema
  .refine((env) => env.NODE_ENV !== 'production' || env.PUBLIC_URL, {
    path: ['PUBLIC_URL'],
    message: 'must be set in production: the public address of the app, used in email links',
  })
  .refine((env) => Boolean(env.VAPID_PUBLIC_KEY) === Boolean(env.VAPID_PRIVATE_KEY), {
    path: ['VAPID_PRIVATE_KEY'],
    message: 'set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY together',
  })
  .refine((env) => env.NODE_ENV !== 'production' || !env.TEST_CLOCK, {
    path: ['TEST_CLOCK'],
    message: 'cannot be on in production',
  })
  .refine((env) => env.NODE_ENV !== 'production' || !env.PUSH_TEST_SERVER, {
    path: ['PUSH_TEST_SERVER'],
    message: 'cannot be set in production',
  })

export type Env = Omit<z.infer<typeof envSchema>, 'SEED_DEMO' | 'PUBLIC_URL'> & {
  SEED_DEMO: boolean
  PUBLIC_URL: string
}

export class EnvError extends Error {}

// Empty strings count as unset, so a blank line in .env falls back to the default.
export function parseEnv(source: Record<string, string | undefined>): Env {
  const cleaned = Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== undefined && value !== ''),
  )
  const result = checkedEnvSchema.safeParse(cleaned)
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`)
    throw new EnvError(`Invalid configuration:\n${problems.join('\n')}`)
  }
  const env = result.data
  return {
    ...env,
    SEED_DEMO: env.SEED_DEMO ?? env.NODE_ENV !== 'production',
    PUBLIC_URL: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
  }
}

// The one place that reads process.env. A .env file in the working directory is loaded first.
export function loadEnv(): Env {
  if (existsSync('.env')) process.loadEnvFile('.env')
  return parseEnv(process.env)
}
