import { format } from 'date-fns'
import { Send } from 'lucide-react'
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query'
import { type FormEvent, useEffect, useId, useLayoutEffect, useRef, useState } from 'react'
import { toast } from '../../lib/toast'
import type { ChatMessage } from '../../../domain/play-dates/play-date.schema'
import { MESSAGE_MAX } from '../../../domain/play-dates/play-date.constants'
import { Avatar } from '../ui/avatar'
import { Button } from '../ui/button'
import { Card } from '../ui/card'
import { Spinner } from '../ui/spinner'
import { errorDetail, isApiError } from '../../lib/api-client'
import { useRequestKeys } from '../../lib/request-key'
import { type ChatThread, liveStart } from '../../lib/chat-thread'
import { useSingleFlight } from '../../lib/use-single-flight'
import { outcome } from '../../lib/outcome'

// "8:05 PM", or "Nov 27, 8:05 PM" before today, on the player's own clock. Written by date-fns
// (the browser's first date format loads its locale data: a pause in the render that opens the
// PlayDate's page, docs/decisions/0125).
function sentAt(iso: string) {
  const date = new Date(iso)
  const today = new Date().toDateString() === date.toDateString()
  return format(date, today ? 'h:mm a' : 'MMM d, h:mm a')
}

function MessageItem({ message, own }: { message: ChatMessage; own: boolean }) {
  return (
    <li className={`flex flex-col ${own ? 'items-end' : 'items-start'}`}>
      <div className={`flex max-w-[92%] items-end gap-2 ${own ? 'flex-row-reverse' : ''}`}>
        {/* The sender's name is in the bubble: the face is decorative. */}
        <Avatar person={message} size="xs" />
        <div
          className={`min-w-0 rounded-2xl px-3 py-2 shadow-sm ${
            own ? 'rounded-br-sm bg-brand-700 text-white' : 'rounded-bl-sm bg-white text-slate-900'
          }`}
        >
          <p className={`text-xs font-semibold ${own ? 'text-brand-100' : 'text-brand-800'}`}>
            {message.firstName} {message.lastName}
            {own ? <span className="sr-only"> (you)</span> : null}
          </p>
          <p className="whitespace-pre-wrap">{message.content}</p>
        </div>
      </div>
      <p className={`mt-0.5 text-xs text-slate-500 ${own ? 'pr-10' : 'pl-10'}`}>
        <time dateTime={message.createdAt}>{sentAt(message.createdAt)}</time>
      </p>
    </li>
  )
}

// What a chat reads and sends: its thread (the newest page, then what arrives), the page before
// the oldest message held, and sending one message with its key.
export interface ChatSource {
  messages: UseQueryResult<ChatThread>
  earlier: UseMutationResult<void, Error, void>
  send: UseMutationResult<ChatMessage, Error, { content: string; requestKey: string }>
}

// A members-only thread: a matched PlayDate's four players, a group's members. New messages
// arrive through the event stream, and a poll catches up whenever the stream is down (the
// source's). The newest page loads first; 'Load earlier messages' goes back a page at a time to
// the first message. Those earlier pages sit in a list of their own above the live log, so screen
// readers announce only the messages that arrive, not a page the player asked for. With
// `fillHeight` (a column beside the page on a wide screen) the thread takes the height its
// container gives the chat. `note` says who sees the messages.
export function ChatPanel({
  source,
  title = 'Messages',
  note,
  viewerId,
  fillHeight = false,
  canSend = true,
}: {
  source: ChatSource
  title?: string
  note: string
  viewerId: string
  fillHeight?: boolean
  // False: the thread is read only (an admin reading a group's chat).
  canSend?: boolean
}) {
  const { messages, earlier, send } = source
  const requestKeys = useRequestKeys()
  const [text, setText] = useState('')
  const scrollerRef = useRef<HTMLDivElement>(null)
  const stickToBottom = useRef(true)
  // Where the view stood before a page was put in front, so it stays on the same message.
  const heldPosition = useRef<{ height: number; top: number } | null>(null)
  const headingId = useId()
  const inputId = useId()
  const thread = messages.data
  const items = thread?.messages ?? []
  const split = thread ? liveStart(thread) : 0
  const earlierItems = items.slice(0, split)
  const liveItems = items.slice(split)
  const firstId = items[0]?.id
  const lastId = items.at(-1)?.id

  // Follow the conversation unless the player scrolled up to read older messages.
  useLayoutEffect(() => {
    const scroller = scrollerRef.current
    if (scroller && stickToBottom.current) scroller.scrollTop = scroller.scrollHeight
  }, [lastId])

  // A page put in front: keep the messages the player was reading where they were.
  useLayoutEffect(() => {
    const scroller = scrollerRef.current
    const held = heldPosition.current
    if (!scroller || !held) return
    heldPosition.current = null
    scroller.scrollTop = held.top + (scroller.scrollHeight - held.height)
  }, [firstId])

  const loadEarlier = () => {
    const scroller = scrollerRef.current
    if (earlier.isPending) return
    if (scroller) heldPosition.current = { height: scroller.scrollHeight, top: scroller.scrollTop }
    outcome(earlier.mutateAsync(), {
      onError: (error) => {
        heldPosition.current = null
        console.warn('Could not load earlier messages', error)
        toast.error('Error loading messages')
      },
      // With the first message reached the button goes: keep the keyboard in the thread.
      onSuccess: () => {
        if (scrollerRef.current && !scrollerRef.current.contains(document.activeElement))
          scrollerRef.current.focus()
      },
    })
  }

  useEffect(() => {
    if (messages.error) console.warn('Could not load the chat', messages.error)
  }, [messages.error])

  const guard = useSingleFlight(send.isPending)
  const sendMessage = (content: string) => {
    stickToBottom.current = true
    // Sent again after an error, the same words carry the same key: sent once, whatever became
    // of the first try's answer.
    outcome(send.mutateAsync({ content, requestKey: requestKeys.keyFor(content) }), {
      onSuccess: () => {
        requestKeys.sent()
        setText('')
      },
      onError: (error) => {
        // Too many messages in a minute: the server says when to try again. Offline, the
        // detail says that sending needs a connection; the words stay in the box.
        if (isApiError(error) && error.code === 'rate_limited') toast.error(error.message)
        else toast.error('Error sending message', { description: errorDetail(error) })
      },
    })
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const content = text.trim()
    if (!content || send.isPending) return
    guard(() => sendMessage(content))
  }

  return (
    <Card className={fillHeight ? 'flex min-h-0 flex-1 flex-col' : ''}>
      <h2 id={headingId} className="text-lg font-bold text-slate-900">
        {title}
      </h2>
      <p className="text-sm text-pretty text-slate-600">{note}</p>
      <div
        className={`mt-4 rounded-xl border border-slate-200 bg-slate-50 ${fillHeight ? 'flex min-h-0 flex-1 flex-col' : ''}`}
      >
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
        <div
          ref={scrollerRef}
          // Focus lands here when the button to go back goes away (the first message reached).
          tabIndex={-1}
          role="region"
          aria-label="Message thread"
          onScroll={(event) => {
            const scroller = event.currentTarget
            stickToBottom.current = scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight < 40
          }}
          className={`${fillHeight ? 'min-h-40 flex-1' : 'max-h-[400px]'} overflow-y-auto p-3 [overflow-anchor:none] focus-visible:outline-offset-[-3px]`}
        >
          {thread?.hasEarlier ? (
            <div className="mb-3 flex justify-center">
              <Button
                type="button"
                variant="secondary"
                onClick={loadEarlier}
                disabled={earlier.isPending}
                aria-busy={earlier.isPending || undefined}
              >
                {earlier.isPending ? <Spinner className="size-4" /> : null}
                {earlier.isPending ? 'Loading earlier messages...' : 'Load earlier messages'}
              </Button>
            </div>
          ) : null}
          {earlierItems.length > 0 ? (
            <ol aria-label="Earlier messages" className="mb-3 flex flex-col gap-3">
              {earlierItems.map((message) => (
                <MessageItem key={message.id} message={message} own={message.userId === viewerId} />
              ))}
            </ol>
          ) : null}
          {/* The log holds the list: a list item must sit in a list, which a log role would end. */}
          <div role="log" aria-labelledby={headingId} aria-live="polite" aria-relevant="additions">
            <ol className="flex flex-col gap-3">
              {liveItems.map((message) => (
                <MessageItem key={message.id} message={message} own={message.userId === viewerId} />
              ))}
            </ol>
          </div>
        </div>
        {messages.isSuccess && items.length === 0 ? (
          <p className="px-4 pb-4 text-center text-sm text-slate-600">No messages yet. Say hello!</p>
        ) : null}
      </div>
      {canSend ? (
        // Send goes under the box where the box would have under 8 rem beside it (a phone's text
        // made much larger; docs/decisions/0228).
        <form onSubmit={submit} className="mt-3 flex flex-wrap gap-2">
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
            className="block min-h-11 w-full min-w-0 flex-1 basis-32 rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-sm placeholder:text-slate-500 focus-visible:border-brand-700"
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
      ) : null}
    </Card>
  )
}
