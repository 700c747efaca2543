import { X } from 'lucide-react'
import { useEffect, useId, useRef, type ReactNode } from 'react'
import { useSingleFlight } from '../../lib/use-single-flight'
import { Button } from './button'

// A modal on the native <dialog>: the browser keeps focus inside, closes it on Escape and
// returns focus to where it was. `open` drives it; every way of closing calls onClose.
export function Dialog({
  open,
  title,
  description,
  onClose,
  children,
  footer,
}: {
  open: boolean
  title: ReactNode
  description?: ReactNode
  onClose: () => void
  children?: ReactNode
  footer?: ReactNode
}) {
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  const descriptionId = useId()

  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (open && !dialog.open) {
      dialog.showModal()
      // showModal focuses the first control, the Close button; a dialog opened for a field marks
      // it with data-autofocus (React's autoFocus runs before the dialog is open, to no effect).
      dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus()
    }
    if (!open && dialog.open) dialog.close()
  }, [open])

  return (
    // Its margin and padding are in px however large the phone's text, as a card's
    // (docs/decisions/0228): the room goes to the words.
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onClose={() => {
        if (open) onClose()
      }}
      className="m-auto w-[calc(100%-min(2rem,32px))] max-w-md rounded-2xl border border-slate-200 bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-950/50 dark:backdrop:bg-black/70"
    >
      {open ? (
        <div className="p-[min(1.25rem,20px)] sm:p-6">
          <div className="flex items-start justify-between gap-4">
            <h2 id={titleId} className="text-lg font-bold">
              {title}
            </h2>
            <button
              type="button"
              onClick={onClose}
              className="-mt-2 -mr-2 inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100"
            >
              <X aria-hidden="true" className="size-5" />
              <span className="sr-only">Close</span>
            </button>
          </div>
          {description ? (
            <p id={descriptionId} className="mt-2 text-slate-600">
              {description}
            </p>
          ) : null}
          {children ? <div className="mt-4">{children}</div> : null}
          {footer ? (
            <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">{footer}</div>
          ) : null}
        </div>
      ) : null}
    </dialog>
  )
}

// A dialog form's buttons: a way out (Cancel) and the submit button, both held while the form
// is being sent, the submit button saying so (pendingLabel) and marked busy.
export function FormActions({
  onCancel,
  cancelLabel = 'Cancel',
  isPending,
  pendingLabel,
  form,
  className = '',
  children,
}: {
  onCancel: () => void
  cancelLabel?: string
  isPending: boolean
  pendingLabel?: string
  // The form's id, when the buttons stand outside it.
  form?: string
  className?: string
  children: ReactNode
}) {
  return (
    <div className={`flex flex-col-reverse gap-2 sm:flex-row sm:justify-end ${className}`}>
      <Button variant="secondary" onClick={onCancel} disabled={isPending}>
        {cancelLabel}
      </Button>
      <Button type="submit" form={form} disabled={isPending} aria-busy={isPending}>
        {isPending && pendingLabel ? pendingLabel : children}
      </Button>
    </div>
  )
}

// 'Are you sure...?' with Cancel and a confirm button that shows it is busy.
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel = 'Confirm',
  cancelLabel = 'Cancel',
  tone = 'danger',
  isPending = false,
  onConfirm,
  onCancel,
}: {
  open: boolean
  title: ReactNode
  message: ReactNode
  confirmLabel?: string
  cancelLabel?: string
  tone?: 'danger' | 'primary'
  isPending?: boolean
  onConfirm: () => void
  onCancel: () => void
}) {
  const guard = useSingleFlight(isPending)
  return (
    <Dialog
      open={open}
      title={title}
      description={message}
      onClose={onCancel}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={isPending}>
            {cancelLabel}
          </Button>
          <Button variant={tone} onClick={() => guard(onConfirm)} disabled={isPending} aria-busy={isPending}>
            {confirmLabel}
          </Button>
        </>
      }
    />
  )
}
