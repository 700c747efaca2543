import type { OpenAPIHono, z } from '@hono/zod-openapi'
import { adminUserDetail } from '../domain/admin/admin.schema'
import { emailOnlyInput, messageOutput } from '../domain/auth/auth.schema'
import { connectionOutput, requestInput } from '../domain/connections/connection.schema'
import { notificationOutput } from '../domain/notifications/notification.schema'
import { partnerEntry, partnerListSummary } from '../domain/partner-lists/partner-list.schema'
import {
  chatMessage,
  playDateDetail,
  playDateListPage,
  playDatePage,
  playDateSummary,
} from '../domain/play-dates/play-date.schema'
import { playerReliability } from '../domain/play-dates/results'
import { sessionUser } from '../domain/profiles/profile.schema'
import { player, playerInput } from '../domain/team-builder/player.schema'
import type { AppEnv } from './app-env'
import type { Env } from './env'

// /api/openapi.json: the routes' own descriptions, completed with what the app's shared
// middleware does to every operation, so no route can forget it (docs/decisions/0070).

type Schema = Record<string, unknown> & { $ref?: string; type?: unknown }
interface Response {
  description: string
  content?: Record<string, { schema?: Schema }>
  headers?: Record<string, unknown>
}
interface Operation {
  operationId?: string
  security?: unknown[]
  'x-access'?: string
  requestBody?: { content?: Record<string, { schema?: Schema }> }
  responses: Record<string, Response>
}
interface Document {
  paths?: Record<string, Record<string, Operation>>
  components?: { schemas?: Record<string, Schema>; securitySchemes?: Record<string, unknown> }
  tags?: Array<{ name: string; description: string }>
}

// The component names of the domain's schemas that several operations share (or that other
// schemas hold), given here so that domain code stays free of API concerns; a schema defined in
// a route file is named there, with `.openapi('Name')`. Each is registered as a component, and
// every body (or part of one) that is the same schema refers to it.
const componentNames: Array<[z.ZodType, string]> = [
  [adminUserDetail, 'AdminUserDetail'],
  [chatMessage, 'ChatMessage'],
  [connectionOutput, 'Connection'],
  [requestInput, 'ConnectionRequestInput'],
  [emailOnlyInput, 'EmailInput'],
  [messageOutput, 'Message'],
  [notificationOutput, 'Notification'],
  [partnerEntry, 'PartnerListEntry'],
  [partnerListSummary, 'PartnerListSummary'],
  [playDateDetail, 'PlayDateDetail'],
  [playDateListPage, 'PlayDateListPage'],
  [playDatePage, 'PlayDatePage'],
  [playDateSummary, 'PlayDateSummary'],
  [player, 'Player'],
  [playerReliability, 'PlayerReliability'],
  [playerInput, 'PlayerInput'],
  [sessionUser, 'SessionUser'],
]

const tagDescriptions: Record<string, string> = {
  health: 'Liveness and readiness probes',
  auth: 'Accounts, sessions, email confirmation and passwords',
  profiles: "The caller's own profile and ratings, and other players' public profiles",
  connections: 'Friends, regular partners and watched players',
  notifications: "The caller's notifications",
  'team-builder': 'SUPR Builder: players and training partners',
  'play-dates': 'PlayDates, their applications and chat',
  'partner-lists': 'Partner lists and their entries',
  invites: 'Invitations sent from a partner list',
  referee: 'Rule questions answered from the rulebook',
  admin: 'Administration: players, signup codes and PlayDates',
  realtime: 'Live events (Server-Sent Events)',
  development: 'The development mailbox (absent in production and wherever mail is sent)',
}

const sessionScheme = {
  type: 'apiKey',
  in: 'cookie',
  name: '__Host-pm_session',
  description:
    'The session cookie set by sign-in and email confirmation (HttpOnly, SameSite=Lax, Path=/). ' +
    'In production it is `__Host-pm_session` (Secure); in development and tests it is `pm_session`. ' +
    'Operations marked `x-access: admin` also need an admin.',
}

const errorContent = { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } }
const WRITES = new Set(['post', 'put', 'patch', 'delete'])
const CROSS_SITE = "a write whose Origin (or Sec-Fetch-Site) is not the app's own is refused"

function addError(operation: Operation, status: number, description: string) {
  operation.responses[status] ??= { description, content: errorContent }
}

// What the middleware of every /api write, and the session guards, can answer.
function addSharedErrors(method: string, operation: Operation) {
  if (operation.requestBody) {
    addError(operation, 400, 'Invalid input, or a body that is not valid JSON')
    addError(operation, 415, 'The body is not sent as application/json')
  }
  if (operation.security?.length) addError(operation, 401, 'Not signed in, or the session has ended')
  if (!WRITES.has(method)) return
  addError(operation, 413, 'Request body too large (over 256 KiB)')
  const forbidden = operation.responses[403]
  if (forbidden) forbidden.description = `${forbidden.description}; also: ${CROSS_SITE}`
  else addError(operation, 403, `Cross-site request: ${CROSS_SITE}`)
}

// The generator writes a nullable named schema as `allOf: [{ $ref }, { type: [T, 'null'] }]`,
// which no null can satisfy (the $ref still applies); OpenAPI 3.1 says it as `anyOf` with null.
function fixNullableRefs(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(fixNullableRefs)
  if (typeof node !== 'object' || node === null) return node
  const out = Object.fromEntries(Object.entries(node).map(([key, value]) => [key, fixNullableRefs(value)]))
  const parts = out.allOf as Schema[] | undefined
  const [ref, nullable] = parts ?? []
  const types = nullable?.type
  if (
    parts?.length === 2 &&
    ref?.$ref &&
    Object.keys(nullable ?? {}).length === 1 &&
    Array.isArray(types) &&
    types.includes('null')
  ) {
    delete out.allOf
    out.anyOf = [ref, { type: 'null' }]
  }
  return out
}

const pascal = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

// Every JSON body is a named component: one named in the code keeps its name; any other gets
// the name of the first operation using it, and operations with the same schema share it.
function nameBodies(doc: Document) {
  const schemas = ((doc.components ??= {}).schemas ??= {})
  const names = new Map(Object.entries(schemas).map(([name, schema]) => [JSON.stringify(schema), name]))
  const shared = new Map(componentNames.map(([, name]) => [JSON.stringify(schemas[name]), name]))
  // A part of a body that is a shared schema refers to it.
  const refer = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(refer)
    if (typeof node !== 'object' || node === null) return node
    const name = shared.get(JSON.stringify(node))
    if (name) return { $ref: `#/components/schemas/${name}` }
    return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, refer(value)]))
  }
  const named = (body: Schema, name: string): Schema => {
    const schema = refer(body) as Schema
    if (schema.$ref || (schema.type !== 'object' && schema.type !== 'array')) return schema
    const key = JSON.stringify(schema)
    let ref = names.get(key)
    if (!ref) {
      ref = name
      schemas[ref] = schema
      names.set(key, ref)
    }
    return { $ref: `#/components/schemas/${ref}` }
  }
  for (const item of Object.values(doc.paths ?? {})) {
    for (const operation of Object.values(item)) {
      const base = pascal(operation.operationId ?? 'operation')
      const input = operation.requestBody?.content?.['application/json']
      if (input?.schema) input.schema = named(input.schema, `${base}Input`)
      for (const [status, response] of Object.entries(operation.responses)) {
        const output = response.content?.['application/json']
        if (output?.schema) {
          output.schema = named(output.schema, status.startsWith('2') ? `${base}Output` : `${base}${status}`)
        }
      }
    }
  }
  // The shared schemas refer to each other too (a page of PlayDates holds PlayDate summaries).
  for (const [, name] of componentNames) {
    const schema = schemas[name]
    if (schema)
      schemas[name] = Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, refer(value)]))
  }
}

export function describeApi(app: OpenAPIHono<AppEnv>, env: Pick<Env, 'PRODUCT_NAME'>) {
  // `.meta({})` makes a copy: `.openapi()` (which `register` calls) exists only on schemas made
  // after @hono/zod-openapi extended zod, and the domain's may be older.
  for (const [schema, name] of componentNames) app.openAPIRegistry.register(name, schema.meta({}))
  const doc = app.getOpenAPI31Document({
    openapi: '3.1.0',
    info: {
      title: `${env.PRODUCT_NAME} API`,
      version: '1.0.0',
      description:
        'Every route of the app. Errors always have the shape `{ error: { code, message, fields? } }`.',
    },
    servers: [{ url: '/', description: 'The origin that serves this document' }],
  }) as Document
  doc.paths = fixNullableRefs(doc.paths) as Document['paths']
  doc.components!.schemas = fixNullableRefs(doc.components?.schemas ?? {}) as Record<string, Schema>
  const tags = new Set<string>()
  for (const item of Object.values(doc.paths ?? {})) {
    for (const [method, operation] of Object.entries(item)) {
      addSharedErrors(method, operation)
      for (const tag of (operation as { tags?: string[] }).tags ?? []) tags.add(tag)
    }
  }
  nameBodies(doc)
  doc.components!.securitySchemes = { session: sessionScheme }
  doc.tags = [...tags].sort().map((name) => ({ name, description: tagDescriptions[name] ?? name }))
  return doc
}
