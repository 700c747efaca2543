import type { ReactNode } from 'react'

export const inputClass =
  'mt-1 block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 shadow-sm aria-invalid:border-red-600'

export const errorId = (id: string) => `${id}-error`
export const hintId = (id: string) => `${id}-hint`

// The ids a control should name in aria-describedby: its hint, then its error.
export const describedBy = (id: string, { hint, error }: { hint?: boolean; error?: string | undefined }) =>
  [hint ? hintId(id) : null, error ? errorId(id) : null].filter(Boolean).join(' ') || undefined

export function FieldError({ id, message }: { id: string; message?: string | undefined }) {
  if (!message) return null
  return (
    <p id={errorId(id)} className="mt-1 text-sm font-medium text-red-700">
      {message}
    </p>
  )
}

export function FieldHint({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={hintId(id)} className="mt-1 text-sm text-slate-600">
      {children}
    </p>
  )
}

// A group of radio buttons drawn as a row of choices.
export function ChoiceGroup({
  id,
  legend,
  error,
  children,
}: {
  id: string
  legend: string
  error?: string | undefined
  children: ReactNode
}) {
  return (
    <fieldset aria-describedby={error ? errorId(id) : undefined}>
      <legend className="block text-sm font-semibold text-slate-900">{legend}</legend>
      <div className="mt-1 flex flex-wrap gap-2">{children}</div>
      <FieldError id={id} message={error} />
    </fieldset>
  )
}

export const choiceClass =
  'inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 bg-white px-4 text-sm font-semibold text-slate-800 shadow-sm has-checked:border-brand-700 has-checked:bg-brand-50 has-checked:text-brand-900 has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-700'
