import type { Hook } from '@hono/zod-openapi'
import type { ZodError } from 'zod'
import { errorBody, type FieldErrors } from '../../domain/errors'

// First message per field, keyed by the field's path ("partner.id" for nested input).
export function fieldErrorsOf(error: ZodError): FieldErrors {
  const fields: FieldErrors = {}
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.join('.') : '_'
    fields[key] ??= issue.message
  }
  return fields
}

// Every route validates with its own schema; a refusal always has the one error shape.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const validationHook: Hook<any, any, any, any> = (result, c) => {
  if (result.success) return
  const fields = fieldErrorsOf(result.error as ZodError)
  const first = Object.values(fields)[0] ?? 'Invalid input'
  const message = Object.keys(fields).length === 1 ? first : `Please correct the highlighted fields: ${first}`
  return c.json(errorBody('invalid', message, fields), 400)
}
