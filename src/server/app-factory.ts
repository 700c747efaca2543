import { OpenAPIHono } from '@hono/zod-openapi'
import type { AppEnv } from './app-env'
import { validationHook } from './lib/validation'

// Every router is an OpenAPIHono so its routes land in /api/openapi.json.
export function createApi() {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
}
