import { z } from '@hono/zod-openapi'
import { errorCodes } from '../domain/errors'

export const errorSchema = z
  .object({
    error: z.object({
      code: z.enum(errorCodes),
      message: z.string(),
      fields: z.record(z.string(), z.string()).optional(),
    }),
  })
  .openapi('Error')

const statusText: Record<number, string> = {
  400: 'Invalid input; `fields` names each invalid field',
  401: 'Not signed in, or the session has ended',
  403: 'Signed in, but not allowed (paused, not an admin, not the owner)',
  404: 'Not found, or not visible to the caller',
  409: 'Conflicts with the current state',
  413: 'Request body too large',
  415: 'The body is not of a type the operation takes',
  429: 'Too many requests; try again later',
}

// A 429 always says when to try again (handle-errors sets the header on every refusal).
const retryAfter = {
  'Retry-After': {
    description: 'Seconds to wait before trying again',
    required: true,
    schema: { type: 'integer' as const, minimum: 1 },
  },
}

export function errorResponses(...statuses: Array<400 | 401 | 403 | 404 | 409 | 413 | 415 | 429>) {
  return Object.fromEntries(
    statuses.map((status) => [
      status,
      {
        description: statusText[status],
        content: { 'application/json': { schema: errorSchema } },
        ...(status === 429 ? { headers: retryAfter } : {}),
      },
    ]),
  )
}

export function jsonContent<T extends z.ZodType>(schema: T, description: string) {
  return { description, content: { 'application/json': { schema } } }
}

export function jsonBody<T extends z.ZodType>(schema: T) {
  return { required: true, content: { 'application/json': { schema } } }
}

// Who may call an operation, stated in the document: `security` plus an `x-access` marker.
// (Mutable arrays: createRoute does not accept readonly `security`.)
export const access = {
  public: { security: [] as Array<Record<string, string[]>>, 'x-access': 'public' as const },
  user: { security: [{ session: [] as string[] }], 'x-access': 'user' as const },
  admin: { security: [{ session: [] as string[] }], 'x-access': 'admin' as const },
}

const setCookie = (description: string, required: boolean) => ({
  'Set-Cookie': { description, required, schema: { type: 'string' as const } },
})

// The cookies the auth operations set, by their production names (`__Host-` prefixed, Secure);
// outside production they are `pm_session` and `pm_signup`, without Secure.
export const cookieHeaders = {
  signIn: setCookie(
    'A new session cookie: `__Host-pm_session=<token>; Path=/; Expires=<date>; HttpOnly; Secure; SameSite=Lax`',
    true,
  ),
  signInIfConfirmed: setCookie(
    'A new session cookie (`__Host-pm_session`) when this browser is signed in',
    false,
  ),
  clearSession: (required: boolean) =>
    setCookie('Clears the session cookie: `__Host-pm_session=; Max-Age=0; Path=/`', required),
  signUpBrowser: setCookie(
    "This browser's sign-up key: `__Host-pm_signup=<key>; Path=/; Max-Age=<seconds>; HttpOnly; Secure; SameSite=Lax`",
    true,
  ),
}
