import type { FieldErrors, FieldValues, Path, UseFormSetError, UseFormSetFocus } from 'react-hook-form'
import { isApiError } from '../../../lib/api-client'

// Puts the server's field messages under the form's own fields; answers whether any landed.
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  fields: ReadonlyArray<Path<T>>,
  setError: UseFormSetError<T>,
) {
  if (!isApiError(error) || !error.fields) return false
  let applied = false
  let first = true
  for (const [name, message] of Object.entries(error.fields)) {
    if (!fields.includes(name as Path<T>)) continue
    setError(name as Path<T>, { type: 'server', message }, { shouldFocus: first })
    first = false
    applied = true
  }
  return applied
}

export const errorMessage = (error: unknown, fallback: string) =>
  isApiError(error) && error.message ? error.message : fallback

// Focus goes to the first invalid field in screen order (the form library's own choice follows
// registration order, which differs when fields come from nested components).
export function focusFirstError<T extends FieldValues>(
  errors: FieldErrors<T>,
  order: ReadonlyArray<Path<T>>,
  setFocus: UseFormSetFocus<T>,
) {
  const first = order.find((name) => name in errors)
  if (!first) return
  setFocus(first)
  // Focus alone may leave the field under the header or its label off screen.
  document.getElementsByName(first)[0]?.scrollIntoView?.({ block: 'center' })
}
