// The app's one form kit: labelled fields with their hint and error, for every form.
import { AlertCircle, ChevronDown, Search } from 'lucide-react'
import type {
  AriaAttributes,
  InputHTMLAttributes,
  ReactNode,
  SelectHTMLAttributes,
  TextareaHTMLAttributes,
} from 'react'
import {
  createContext,
  forwardRef,
  useContext,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react'
import { Spinner } from './spinner'

// Its side padding stays 12 px with larger text, so the room goes to the words (docs/decisions/0238).
const inputClasses =
  'block w-full min-h-11 rounded-lg border bg-white px-[min(0.75rem,12px)] py-2 text-base text-slate-900 shadow-sm placeholder:text-slate-400 focus-visible:border-brand-700 disabled:bg-slate-100'

// The look of a text control, for one the kit has no field for (a textarea edited in place).
export const controlClasses = `${inputClasses} border-slate-300`

interface FieldShellProps {
  id: string
  label: string
  // Marks the label with an asterisk; the control itself carries `required` for assistive tech.
  required?: boolean | undefined
  hint?: ReactNode
  warning?: string | undefined
  error?: string | undefined
  titled?: boolean | undefined
  children: ReactNode
  className?: string | undefined
}

// Inside a form that checks each field as the player leaves it, a message that appears (or goes)
// while a tap is under way waits until the tap has landed: the message that appears as a field
// loses focus moves what is below it, and the tap that moved the focus would otherwise land
// where the page has moved to, not where it was aimed. A field with a hint shows its message in
// the hint's place, so nothing below it moves at all (docs/decisions/0196, 0199).
interface TapWatch {
  isTapping: () => boolean
  // Calls `then` once the tap under way has landed (at once with none); gives the means to stop
  // waiting.
  afterTap: (then: () => void) => () => void
  listen: (target: Document) => () => void
}

// A tap runs from the pointer's press to its click, which comes after the pointer is up (on a
// touch screen a moment later, with the focus change); a scroll cancels the pointer, and a press
// that gives no click (a long press) ends a moment after it is released.
function watchTaps(): TapWatch {
  let tapping = false
  let waiting: Array<() => void> = []
  let timer: number | undefined
  const settle = () => {
    tapping = false
    window.clearTimeout(timer)
    const due = waiting
    waiting = []
    for (const then of due) then()
  }
  const onDown = () => {
    tapping = true
    window.clearTimeout(timer)
  }
  const onUp = () => {
    window.clearTimeout(timer)
    timer = window.setTimeout(settle, 400)
  }
  // After the click has reached its target.
  const onClick = () => {
    if (!tapping) return
    window.clearTimeout(timer)
    timer = window.setTimeout(settle, 0)
  }
  const events = [
    ['pointerdown', onDown],
    ['pointerup', onUp],
    ['pointercancel', settle],
    ['click', onClick],
  ] as const
  return {
    isTapping: () => tapping,
    afterTap(then) {
      if (!tapping) {
        then()
        return () => {}
      }
      waiting.push(then)
      return () => {
        waiting = waiting.filter((other) => other !== then)
      }
    },
    listen(target) {
      for (const [name, handler] of events) target.addEventListener(name, handler, true)
      return () => {
        for (const [name, handler] of events) target.removeEventListener(name, handler, true)
        window.clearTimeout(timer)
      }
    },
  }
}

const TapsWatched = createContext<TapWatch | null>(null)

export function HoldMessagesDuringTaps({ children }: { children: ReactNode }) {
  const [taps] = useState(watchTaps)
  useEffect(() => taps.listen(document), [taps])
  return <TapsWatched.Provider value={taps}>{children}</TapsWatched.Provider>
}

// The field's message as shown: inside HoldMessagesDuringTaps, the one it had before a tap under
// way, until the tap has landed.
function useMessageAfterTap(message: string | undefined) {
  const taps = useContext(TapsWatched)
  const [shown, setShown] = useState(message)
  // With no tap under way it shows at once, in this render.
  if (taps && shown !== message && !taps.isTapping()) setShown(message)
  useEffect(() => {
    if (!taps || shown === message) return
    return taps.afterTap(() => setShown(message))
  }, [taps, message, shown])
  return taps ? shown : message
}

// A field's error under it, named `${id}-error` for the control's aria-describedby.
export function FieldError({
  id,
  message,
  className = 'mt-1',
}: {
  id: string
  message?: string | undefined
  className?: string
}) {
  if (!message) return null
  return (
    <p id={`${id}-error`} className={`${className} flex items-start gap-1 text-sm font-medium text-red-700`}>
      <AlertCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      {message}
    </p>
  )
}

// Label above, the control, then a hint (or a warning in its place) and the error; the control
// names both in aria-describedby. A titled field's label is the title of the step it makes up.
function FieldShell({
  id,
  label,
  required,
  hint,
  warning,
  error,
  titled,
  children,
  className,
}: FieldShellProps) {
  const note = warning ?? hint
  const sharesNoteLine = useContext(TapsWatched) !== null && Boolean(note)
  const noteClasses = `text-sm ${warning ? 'text-amber-800' : 'text-slate-600'}`
  return (
    <div className={className}>
      <div
        className={
          titled ? 'mb-3 text-lg font-bold text-slate-900' : 'mb-1 text-sm font-semibold text-slate-800'
        }
      >
        <label htmlFor={id}>{label}</label>
        {required ? <RequiredMark /> : null}
      </div>
      {children}
      {sharesNoteLine ? (
        // One slot: the hint and the error take the same cell, the hint hidden while the error
        // shows, so the slot is as tall as the taller of the two.
        <div className="mt-1 grid">
          <p
            id={error ? undefined : `${id}-hint`}
            className={`${noteClasses} [grid-area:1/1] ${error ? 'invisible' : ''}`}
          >
            {note}
          </p>
          <FieldError id={id} message={error} className="[grid-area:1/1]" />
        </div>
      ) : (
        <>
          {note ? (
            <p id={`${id}-hint`} className={`mt-1 ${noteClasses}`}>
              {note}
            </p>
          ) : null}
          <FieldError id={id} message={error} />
        </>
      )}
    </div>
  )
}

// The asterisk after a required field's label (outside the label, so its name stays the same).
// Two short fields side by side (a date and a time, the lowest and highest rating), or under each
// other below 13 rem, where half the width would cut a date or a time short (a phone's text made
// much larger; docs/decisions/0228).
export function FieldPair({ children }: { children: ReactNode }) {
  return (
    <div className="@container">
      <div className="grid grid-cols-2 gap-3 @max-[13rem]:grid-cols-1">{children}</div>
    </div>
  )
}

export function RequiredMark() {
  return (
    <span aria-hidden="true" className="ml-0.5 text-red-700">
      *
    </span>
  )
}

// The line above a form whose required fields carry the mark.
export function RequiredFieldsNote({ className = '' }: { className?: string }) {
  return (
    <p className={`text-sm text-slate-600 ${className}`.trim()}>
      Fields marked <RequiredMark /> are required.
    </p>
  )
}

// What every field takes besides its control's own attributes.
interface FieldProps {
  label: string
  hint?: ReactNode
  // A value the form will not use, though it is no error: said in amber in the hint's place.
  warning?: string | undefined
  error?: string | undefined
  titled?: boolean | undefined
  // The wrapper's classes (width, placement); `controlClassName` adds to the control's own.
  className?: string | undefined
  controlClassName?: string | undefined
  id?: string | undefined
  required?: boolean | undefined
  'aria-describedby'?: string | undefined
  'aria-invalid'?: AriaAttributes['aria-invalid']
}

// Splits a field's props into its shell's, its control's (id, description, border) and the rest,
// which go to the control as they are. `aria-describedby` given adds to the hint and the error.
function useField<P extends FieldProps>(props: P, extra = '') {
  const {
    label,
    hint,
    warning,
    error: givenError,
    titled,
    className,
    controlClassName,
    id: givenId,
    'aria-describedby': alsoDescribedBy,
    'aria-invalid': givenInvalid,
    ...rest
  } = props
  const generated = useId()
  const id = givenId ?? generated
  const error = useMessageAfterTap(givenError)
  // Where messages wait for taps, the error takes the hint's place: the control is described by
  // one of them.
  const sharesNoteLine = useContext(TapsWatched) !== null
  const hintShown = Boolean(warning || hint) && !(error && sharesNoteLine)
  const invalid =
    Boolean(error || warning) ||
    (givenInvalid !== undefined && givenInvalid !== false && givenInvalid !== 'false')
  const border =
    error || (invalid && !warning) ? 'border-red-600' : warning ? 'border-amber-600' : 'border-slate-300'
  const describedBy = [hintShown ? `${id}-hint` : null, error ? `${id}-error` : null, alsoDescribedBy]
  return {
    shell: { id, label, required: props.required, hint, warning, error, titled, className },
    control: {
      id,
      'aria-invalid': invalid || undefined,
      'aria-describedby': describedBy.filter(Boolean).join(' ') || undefined,
      className: [inputClasses, extra, controlClassName, border].filter(Boolean).join(' '),
    },
    rest,
  }
}

export type TextFieldProps = InputHTMLAttributes<HTMLInputElement> &
  FieldProps & {
    // Drawn inside the control at its start (a unit, an icon), hidden from assistive tech: the
    // label says it. The control's left padding (`controlClassName`) makes room for it.
    adornment?: ReactNode
  }

export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { adornment, ...props },
  ref,
) {
  const { shell, control, rest } = useField(props)
  const input = <input ref={ref} {...control} {...rest} />
  return (
    <FieldShell {...shell}>
      {adornment ? (
        <div className="relative">
          <span
            aria-hidden="true"
            className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-slate-500"
          >
            {adornment}
          </span>
          {input}
        </div>
      ) : (
        input
      )}
    </FieldShell>
  )
})

type SearchFieldProps = Omit<TextFieldProps, 'type' | 'onChange' | 'adornment'> & {
  // The text as typed, at each keystroke.
  onValueChange: (text: string) => void
  // A magnifier inside the box, for a search that is a page's own rather than one field of a form.
  icon?: boolean
}

// A search box: a text field the browser does not fill in, that gives its text as typed.
export const SearchField = forwardRef<HTMLInputElement, SearchFieldProps>(function SearchField(
  { onValueChange, icon = false, controlClassName, ...props },
  ref,
) {
  return (
    <TextField
      ref={ref}
      type="search"
      autoComplete="off"
      onChange={(event) => onValueChange(event.target.value)}
      adornment={icon ? <Search className="size-5" /> : undefined}
      controlClassName={[icon ? 'pl-10' : null, controlClassName].filter(Boolean).join(' ') || undefined}
      {...props}
    />
  )
})

type EmailFieldProps = Omit<TextFieldProps, 'type' | 'label'> & { label?: string }

// An email address: the phone's email keyboard, filled in from the browser's saved address
// unless told otherwise.
export const EmailField = forwardRef<HTMLInputElement, EmailFieldProps>(function EmailField(
  { label = 'Email', ...props },
  ref,
) {
  return <TextField ref={ref} label={label} type="email" autoComplete="email" inputMode="email" {...props} />
})

type TextAreaFieldProps = TextareaHTMLAttributes<HTMLTextAreaElement> & FieldProps

export const TextAreaField = forwardRef<HTMLTextAreaElement, TextAreaFieldProps>(
  function TextAreaField(props, ref) {
    const { shell, control, rest } = useField(props, 'resize-y')
    return (
      <FieldShell {...shell}>
        <textarea ref={ref} {...control} {...rest} />
      </FieldShell>
    )
  },
)

type SelectFieldProps = SelectHTMLAttributes<HTMLSelectElement> &
  Omit<FieldProps, 'warning'> & {
    children: ReactNode
  }

export const SelectField = forwardRef<HTMLSelectElement, SelectFieldProps>(function SelectField(
  { children, ...props },
  ref,
) {
  const { shell, control, rest } = useField(props)
  return (
    <FieldShell {...shell}>
      <SelectShowingChoice ref={ref} {...control} {...rest}>
        {children}
      </SelectShowingChoice>
    </FieldShell>
  )
})

// A select draws its choice on one line, cut at its box, however large the text ("Arizona tim…",
// "Kiwanis Park" of a venue with the phone's text at 200%). Every select of the app is this one:
// the select lies transparent over a box that shows the choice's words, wrapping; the tap, the
// keyboard, the list of options and what a screen reader says are still the select's own; the box
// under it takes its look, its focus ring included (docs/decisions/0236, 0238). For a select
// outside a `SelectField` (a filter with its own label), with the same `className` as a select.
export const SelectShowingChoice = forwardRef<HTMLSelectElement, SelectHTMLAttributes<HTMLSelectElement>>(
  function SelectShowingChoice({ className = '', onChange, ...props }, ref) {
    const own = useRef<HTMLSelectElement | null>(null)
    const [chosen, setChosen] = useState('')
    const readChoice = () => setChosen(own.current?.selectedOptions[0]?.text ?? '')
    // After every render: a value set from outside (a controlled select, a form reset) changes the
    // choice without a change event.
    useLayoutEffect(readChoice)
    return (
      <div className="grid">
        <select
          ref={(element) => {
            own.current = element
            if (typeof ref === 'function') ref(element)
            else if (ref) ref.current = element
          }}
          onChange={(event) => {
            readChoice()
            onChange?.(event)
          }}
          className={`peer ${className} h-full cursor-pointer opacity-0 [grid-area:1/1]`}
          {...props}
        />
        <span
          aria-hidden="true"
          className={`${className} pointer-events-none [grid-area:1/1] peer-focus-visible:border-brand-700 peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-700 peer-disabled:bg-slate-100`}
        >
          {/* The box's height, its words in the middle of it as a select draws them. The chevron
              and the gap before it keep their px with larger text, so the room goes to the words
              ("Recreation" of a venue's name whole at 200%). */}
          <span className="flex h-full items-center justify-between gap-[min(0.5rem,8px)]">
            <span className="min-w-0">{chosen}</span>
            <ChevronDown className="size-[min(1.25rem,20px)] shrink-0 text-slate-600" />
          </span>
        </span>
      </div>
    )
  },
)

type CheckboxFieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: ReactNode
  error?: string | undefined
}

export const CheckboxField = forwardRef<HTMLInputElement, CheckboxFieldProps>(function CheckboxField(
  { label, error: givenError, id: givenId, ...props },
  ref,
) {
  const generated = useId()
  const id = givenId ?? generated
  const error = useMessageAfterTap(givenError)
  return (
    <div>
      <div className="flex items-center gap-3">
        <input
          ref={ref}
          id={id}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="size-5 shrink-0 rounded border-slate-400 accent-brand-700"
          {...props}
        />
        {/* The label takes the tap: at least 44 px tall on a phone. A required box's mark follows
            the label's last word (hidden from its name, as beside a field's label). */}
        <label htmlFor={id} className="flex min-h-11 items-center text-sm text-slate-800">
          <span>
            {label}
            {props.required ? <RequiredMark /> : null}
          </span>
        </label>
      </div>
      <FieldError id={id} message={error} />
    </div>
  )
})

export function SubmitButton({
  isPending,
  pendingLabel,
  children,
  className = '',
}: {
  isPending: boolean
  pendingLabel: string
  children: ReactNode
  className?: string
}) {
  return (
    <button
      type="submit"
      disabled={isPending}
      aria-busy={isPending || undefined}
      className={`inline-flex min-h-11 w-full items-center justify-center gap-2 rounded-lg bg-brand-700 px-4 text-sm font-semibold text-white shadow-sm transition-colors hover:bg-brand-800 active:bg-brand-900 disabled:cursor-not-allowed disabled:opacity-70 ${className}`}
    >
      {isPending ? (
        <>
          <Spinner className="size-4 text-white" />
          {pendingLabel}
        </>
      ) : (
        children
      )}
    </button>
  )
}

// Radio buttons drawn as a row of choices, under a legend; `children` are Choice elements.
// `stacked` puts them one under the other, full width (choices of a few words each).
export function ChoiceGroup({
  legend,
  error,
  required = false,
  stacked = false,
  children,
}: {
  legend: string
  error?: string | undefined
  // Marks the legend with an asterisk; a required choice also marks its radios `required`.
  required?: boolean
  stacked?: boolean
  children: ReactNode
}) {
  const id = useId()
  return (
    <fieldset aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-1 block text-sm font-semibold text-slate-800">
        {legend}
        {required ? <RequiredMark /> : null}
      </legend>
      <div className={stacked ? 'flex flex-col gap-2 sm:max-w-sm' : 'flex flex-wrap gap-2'}>{children}</div>
      <FieldError id={id} message={error} />
    </fieldset>
  )
}

export const Choice = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement> & { label: string }>(
  function Choice({ label, ...props }, ref) {
    return (
      <label className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 bg-white px-4 text-sm font-semibold text-slate-800 shadow-sm has-checked:border-brand-700 has-checked:bg-brand-50 has-checked:text-brand-900 has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-700">
        <input ref={ref} type="radio" className="size-4 shrink-0 accent-brand-700" {...props} />
        {label}
      </label>
    )
  },
)
