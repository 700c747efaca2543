import type { FieldErrors, FieldValues, Path, UseFormSetError, UseFormSetFocus } from 'react-hook-form'
import { isApiError } from '../../../lib/api-client'

// Puts the server's field messages under the form's own fields; answers whether any landed. The
// form names its fields, or maps a name the server gives to the field that shows it (none: skipped).
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  fields: ReadonlyArray<Path<T>> | ((name: string) => Path<T> | undefined),
  setError: UseFormSetError<T>,
) {
  if (!isApiError(error) || !error.fields) return false
  const fieldFor =
    typeof fields === 'function' ? fields : (name: string) => fields.find((field) => field === name)
  let applied = false
  for (const [name, message] of Object.entries(error.fields)) {
    const field = fieldFor(name)
    if (field === undefined) continue
    setError(field, { type: 'server', message }, { shouldFocus: !applied })
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
