import { Send } from 'lucide-react'
import { type FormEvent, useEffect, useId, useLayoutEffect, useRef, useState } from 'react'
import { toast } from '../../../lib/toast'
import { MESSAGE_MAX } from '../../../../domain/play-dates/play-date.schema'
import { Button } from '../../../components/ui/button'
import { Card } from '../../../components/ui/card'
import { Spinner } from '../../../components/ui/spinner'
import { isApiError } from '../../../lib/api-client'
import { useChatMessages, useSendMessage } from '../api/play-dates.queries'
import { fullName } from '../lib/play-date-view'

const timeFormat = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' })
const dayFormat = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric' })

function sentAt(iso: string) {
  const date = new Date(iso)
  const today = new Date().toDateString() === date.toDateString()
  return today ? timeFormat.format(date) : `${dayFormat.format(date)}, ${timeFormat.format(date)}`
}

// The team-only thread of a matched or completed PlayDate. New messages arrive through the
// event stream, and a 3-second poll catches up whenever the stream is down.
export function PlayDateChat({ playDateId, viewerId }: { playDateId: string; viewerId: string }) {
  const messages = useChatMessages(playDateId)
  const send = useSendMessage(playDateId)
  const [text, setText] = useState('')
  const listRef = useRef<HTMLOListElement>(null)
  const stickToBottom = useRef(true)
  const headingId = useId()
  const inputId = useId()
  const items = messages.data ?? []
  const lastId = items.at(-1)?.id

  // Follow the conversation unless the player scrolled up to read older messages.
  useLayoutEffect(() => {
    const list = listRef.current
    if (list && stickToBottom.current) list.scrollTop = list.scrollHeight
  }, [lastId])

  useEffect(() => {
    if (messages.error) console.warn('Could not load the chat', messages.error)
  }, [messages.error])

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const content = text.trim()
    if (!content || send.isPending) return
    stickToBottom.current = true
    send.mutate(content, {
      onSuccess: () => setText(''),
      onError: (error) => {
        // Too many messages in a minute: the server says when to try again.
        toast.error(
          isApiError(error) && error.code === 'rate_limited' ? error.message : 'Error sending message',
        )
      },
    })
  }

  return (
    <Card>
      <h2 id={headingId} className="text-lg font-bold text-slate-900">
        Messages
      </h2>
      <p className="text-sm text-slate-600">Only the four players of this PlayDate see these messages.</p>
      <div className="mt-4 rounded-xl border border-slate-200 bg-slate-50">
        {messages.isPending ? (
          <p role="status" className="flex items-center gap-2 p-4 text-slate-700">
            <Spinner /> Loading messages...
          </p>
        ) : null}
        {messages.isError && !messages.data ? (
          <p role="alert" className="p-4 text-red-800">
            Error loading messages
          </p>
        ) : null}
        <ol
          ref={listRef}
          role="log"
          aria-labelledby={headingId}
          aria-live="polite"
          aria-relevant="additions"
          onScroll={(event) => {
            const list = event.currentTarget
            stickToBottom.current = list.scrollHeight - list.scrollTop - list.clientHeight < 40
          }}
          className="flex max-h-[400px] flex-col gap-3 overflow-y-auto p-3 focus-visible:outline-offset-[-3px]"
        >
          {items.map((message) => {
            const own = message.userId === viewerId
            return (
              <li key={message.id} className={`flex flex-col ${own ? 'items-end' : 'items-start'}`}>
                <div
                  className={`max-w-[85%] rounded-2xl px-3 py-2 shadow-sm ${
                    own ? 'rounded-br-sm bg-brand-700 text-white' : 'rounded-bl-sm bg-white text-slate-900'
                  }`}
                >
                  <p className={`text-xs font-semibold ${own ? 'text-brand-100' : 'text-brand-800'}`}>
                    {fullName(message)}
                    {own ? <span className="sr-only"> (you)</span> : null}
                  </p>
                  <p className="break-words whitespace-pre-wrap">{message.content}</p>
                </div>
                <p className="mt-0.5 px-1 text-xs text-slate-500">
                  <time dateTime={message.createdAt}>{sentAt(message.createdAt)}</time>
                </p>
              </li>
            )
          })}
        </ol>
        {messages.isSuccess && items.length === 0 ? (
          <p className="px-4 pb-4 text-center text-sm text-slate-600">No messages yet. Say hello!</p>
        ) : null}
      </div>
      <form onSubmit={submit} className="mt-3 flex gap-2">
        <label htmlFor={inputId} className="sr-only">
          Message
        </label>
        <input
          id={inputId}
          type="text"
          value={text}
          maxLength={MESSAGE_MAX}
          autoComplete="off"
          enterKeyHint="send"
          placeholder="Type a message..."
          onChange={(event) => setText(event.target.value)}
          className="block min-h-11 w-full min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-sm placeholder:text-slate-500 focus-visible:border-brand-700"
        />
        <Button
          type="submit"
          disabled={!text.trim() || send.isPending}
          aria-busy={send.isPending || undefined}
        >
          {send.isPending ? (
            <Spinner className="size-4 text-white" />
          ) : (
            <Send aria-hidden="true" className="size-4" />
          )}
          Send
        </Button>
      </form>
    </Card>
  )
}
