import { GripVertical, Mail, Send, Trash2 } from 'lucide-react'
import { forwardRef, type CSSProperties, type HTMLAttributes, useState } from 'react'
import { toast } from '../../../lib/toast'
import type { EntryStatus, PartnerEntry } from '../../../../domain/partner-lists/partner-list.schema'
import { Avatar } from '../../../components/ui/avatar'
import { Button } from '../../../components/ui/button'
import { errorDetail } from '../../../lib/api-client'
import { useSendInvite, useUpdateEntry } from '../api/partner-lists.queries'
import { EntryStatusButtons } from './entry-status'
import { InviteEmailDialog } from './invite-email-dialog'
import { NotesEditor } from './notes-editor'
import { formatDay } from '../../../../domain/display-dates'

export const entryName = (entry: PartnerEntry) => `${entry.firstName} ${entry.lastName}`

export interface EntryCardProps {
  listId: string
  entry: PartnerEntry
  position: number
  // The drag handle's attributes and listeners, from the sortable list.
  handleProps: HTMLAttributes<HTMLButtonElement>
  setHandleRef: (node: HTMLButtonElement | null) => void
  style?: CSSProperties
  isDragging?: boolean
  onRemove: (entry: PartnerEntry) => void
}

export const EntryCard = forwardRef<HTMLLIElement, EntryCardProps>(function EntryCard(
  { listId, entry, position, handleProps, setHandleRef, style, isDragging = false, onRemove },
  ref,
) {
  const name = entryName(entry)
  const update = useUpdateEntry(listId)
  const invite = useSendInvite(listId)
  const [askingEmail, setAskingEmail] = useState(false)
  const isManual = entry.platformUserId === null

  const setStatus = async (status: EntryStatus) => {
    try {
      await update.mutateAsync({ entryId: entry.id, status })
    } catch (error) {
      toast.error('Error updating status', { description: errorDetail(error) })
    }
  }

  const saveNotes = async (notes: string) => {
    try {
      await update.mutateAsync({ entryId: entry.id, notes })
      toast.success('Notes updated')
      return true
    } catch (error) {
      toast.error('Error updating notes', { description: errorDetail(error) })
      return false
    }
  }

  const sendInvite = async (email?: string) => {
    try {
      const sent = await invite.mutateAsync({ entryId: entry.id, email })
      // One toast in the spec's words for a sent invitation, 'Invitation sent to {email}': the
      // address says which partner it went to (docs/decisions/0196).
      toast.success(sent.message)
      setAskingEmail(false)
    } catch (error) {
      toast.error('Failed to send invitation', { description: errorDetail(error) })
    }
  }

  return (
    <li
      ref={ref}
      style={style}
      className={`@container rounded-2xl border bg-white p-4 shadow-sm ${
        isDragging ? 'relative z-10 border-brand-700 shadow-lg' : 'border-slate-200'
      }`}
    >
      {/* With under 12 rem of room (a phone's text made much larger) the name and ratings go under
          the handle and the face rather than beside them (docs/decisions/0225). */}
      <div className="flex flex-wrap items-start gap-3">
        <button
          type="button"
          ref={setHandleRef}
          {...handleProps}
          aria-label={`Reorder ${name}, position ${position} of the list`}
          className="-ml-1 inline-flex size-11 shrink-0 cursor-grab touch-none items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-slate-800 active:cursor-grabbing"
        >
          <GripVertical aria-hidden="true" className="size-5" />
        </button>
        {/* The name beside it says whose face it is. */}
        <Avatar person={entry} size="md" className="mt-0.5" />
        <div className="min-w-0 flex-1 @max-[12rem]:basis-full">
          <div className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
            <span className="text-sm font-bold text-brand-700" aria-hidden="true">
              {position}.
            </span>
            <h2 className="text-base font-bold text-slate-900">{name}</h2>
            <span
              className={`rounded-full px-2 py-0.5 text-xs font-semibold ${
                isManual ? 'bg-slate-100 text-slate-700' : 'bg-brand-50 text-brand-900'
              }`}
            >
              {isManual ? 'Added manually' : 'Friend'}
            </span>
          </div>
          {entry.duprRating !== null || entry.selfRating !== null ? (
            <p className="mt-0.5 text-sm text-slate-600">
              {entry.duprRating !== null ? (
                <span className="whitespace-nowrap">DUPR {entry.duprRating.toFixed(2)}</span>
              ) : null}
              {entry.duprRating !== null && entry.selfRating !== null ? ' · ' : null}
              {entry.selfRating !== null ? (
                <span className="whitespace-nowrap">Self {entry.selfRating.toFixed(2)}</span>
              ) : null}
            </p>
          ) : null}
          {isManual && entry.email ? (
            <p className="mt-0.5 flex flex-wrap items-center gap-x-1 text-sm text-slate-600">
              <Mail aria-hidden="true" className="size-4 shrink-0" />
              <EmailText email={entry.email} />
              {entry.invitedAt ? (
                <span className="whitespace-nowrap text-slate-500">
                  {' '}
                  · Invited <time dateTime={entry.invitedAt}>{formatDay(entry.invitedAt)}</time>
                </span>
              ) : null}
            </p>
          ) : null}
        </div>
        <RemoveButton name={name} onClick={() => onRemove(entry)} className="shrink-0 max-sm:hidden" />
      </div>

      <div className="mt-3 space-y-3 sm:pl-26">
        <EntryStatusButtons
          name={name}
          status={entry.status}
          disabled={update.isPending}
          onChange={(status) => void setStatus(status)}
        />
        <NotesEditor name={name} notes={entry.notes} isSaving={update.isPending} onSave={saveNotes} />
        {/* On a phone Remove is written, under the entry with its other actions: beside the name it
            would leave the name no room. */}
        <div className={`flex flex-wrap items-center justify-between gap-2 ${isManual ? '' : 'sm:hidden'}`}>
          {isManual ? (
            <Button
              variant="secondary"
              size="sm"
              disabled={invite.isPending}
              aria-busy={invite.isPending}
              aria-label={`${entry.invitedAt ? 'Resend invite' : 'Send invite'} to ${name}`}
              onClick={() => {
                if (entry.email) void sendInvite()
                else setAskingEmail(true)
              }}
            >
              <Send aria-hidden="true" className="size-4" />
              {invite.isPending ? 'Sending...' : entry.invitedAt ? 'Resend invite' : 'Send invite'}
            </Button>
          ) : null}
          <RemoveButton name={name} onClick={() => onRemove(entry)} className="ml-auto sm:hidden" />
        </div>
      </div>

      {isManual ? (
        <InviteEmailDialog
          name={name}
          open={askingEmail}
          isSending={invite.isPending}
          onClose={() => setAskingEmail(false)}
          onSend={(email) => void sendInvite(email)}
        />
      ) : null}
    </li>
  )
})

function RemoveButton({
  name,
  onClick,
  className,
}: {
  name: string
  onClick: () => void
  className: string
}) {
  return (
    <Button
      variant="ghost"
      size="sm"
      className={`min-w-11 ${className}`}
      onClick={onClick}
      aria-label={`Remove ${name}`}
    >
      <Trash2 aria-hidden="true" className="size-4 text-red-700" />
      Remove
    </Button>
  )
}

// An address on a narrow card breaks before its "@" ("alex.rivera" over "@example.com"), not at
// whatever letter meets the edge; a part longer than the line still breaks inside it.
function EmailText({ email }: { email: string }) {
  const at = email.lastIndexOf('@')
  if (at <= 0) return <span className="min-w-0 [overflow-wrap:anywhere]">{email}</span>
  return (
    <span className="min-w-0 [overflow-wrap:anywhere]">
      <span>{email.slice(0, at)}</span>
      <wbr />
      <span>{email.slice(at)}</span>
    </span>
  )
}
