import { ChevronDown, Gavel, RotateCcw, Send, Settings } from 'lucide-react'
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react'
import {
  type ChatTurn,
  QUESTION_MAX_LENGTH,
  recentHistory,
  refereeMessages,
} from '../../../../domain/referee/referee.rules'
import type { AskOutput, CitedSection } from '../../../../domain/referee/referee.schema'
import { Button, wrapsWords } from '../../../components/ui/button'
import { Spinner } from '../../../components/ui/spinner'
import { isApiError } from '../../../lib/api-client'
import { useAskReferee } from '../api/referee.queries'
import { FormattedAnswer } from './formatted-answer'

type Message =
  | { id: number; role: 'user'; text: string }
  | {
      id: number
      role: 'assistant'
      kind: 'greeting' | AskOutput['kind']
      text: string
      // A rulebook answer's short answer, shown before the rule text.
      summary?: string | null
      sections: CitedSection[]
      // The server's signature of the answer and its turn, sent back with the conversation.
      signature?: string
      turn?: number
    }

export const GREETING =
  "Hi! I'm your AI Referee. Ask me anything about the rules of pickleball: serving, scoring, the kitchen, line calls, time-outs and more."

const greeting: Message = { id: 0, role: 'assistant', kind: 'greeting', text: GREETING, sections: [] }

// What the model gets as the conversation so far: questions and real answers, not the greeting
// or an apology.
const toTurns = (messages: Message[]): ChatTurn[] =>
  messages.flatMap((m): ChatTurn[] => {
    if (m.role === 'user') return [{ role: 'user', text: m.text }]
    return m.kind === 'answer' || m.kind === 'rulebook'
      ? [{ role: 'assistant', text: m.text, signature: m.signature, turn: m.turn }]
      : []
  })

function errorMessageOf(error: unknown): string {
  if (isApiError(error)) return error.status === 0 ? refereeMessages.network : error.message
  return refereeMessages.unexpected
}

function SectionsUsed({ sections }: { sections: CitedSection[] }) {
  if (sections.length === 0) return null
  return (
    <p className="mt-3 border-t border-slate-100 pt-2 text-xs text-slate-600">
      <span className="font-semibold">Rulebook sections: </span>
      {sections
        .map((s) => (s.ruleNumbers.length > 0 ? `${s.title} (${s.ruleNumbers.join(', ')})` : s.title))
        .join('; ')}
    </p>
  )
}

function MessageItem({ message }: { message: Message }) {
  if (message.role === 'user') {
    return (
      <li className="flex justify-end">
        <div className="max-w-[85%] rounded-2xl rounded-br-sm bg-brand-700 px-4 py-2.5 whitespace-pre-wrap text-white">
          <span className="sr-only">You: </span>
          {message.text}
        </div>
      </li>
    )
  }
  return (
    <li className="flex items-start gap-2">
      <span
        aria-hidden="true"
        className="mt-1 inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-700 text-white"
      >
        <Gavel className="size-4" />
      </span>
      <div
        className={`max-w-[85%] min-w-0 rounded-2xl rounded-tl-sm border px-4 py-2.5 text-slate-800 shadow-sm ${
          message.kind === 'apology' ? 'border-amber-200 bg-amber-50' : 'border-slate-200 bg-white'
        }`}
      >
        <span className="sr-only">AI Referee: </span>
        {message.kind === 'rulebook' && message.summary ? (
          <>
            <div className="font-medium">
              <FormattedAnswer text={message.summary} />
            </div>
            {message.sections.length > 0 ? (
              <details className="group mt-2 rounded-lg border border-slate-200 bg-slate-50 px-3 py-1">
                <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-2 font-semibold text-brand-800 [&::-webkit-details-marker]:hidden">
                  {refereeMessages.ruleText}
                  <ChevronDown
                    aria-hidden="true"
                    className="size-4 transition-transform group-open:rotate-180"
                  />
                </summary>
                <div className="pb-2">
                  <FormattedAnswer text={message.text} />
                </div>
              </details>
            ) : null}
          </>
        ) : (
          <FormattedAnswer text={message.text} />
        )}
        {message.kind === 'answer' ? <SectionsUsed sections={message.sections} /> : null}
      </div>
    </li>
  )
}

// The referee conversation. It lives in this component's memory only: leaving the page or
// pressing Reset clears it.
export function RefereeChat() {
  const [messages, setMessages] = useState<Message[]>([greeting])
  const [draft, setDraft] = useState('')
  const [includeRuleNumbers, setIncludeRuleNumbers] = useState(true)
  const [isSettingsOpen, setSettingsOpen] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [isWaiting, setWaiting] = useState(false)
  // Which conversation a reply belongs to: a reply that arrives after Reset is dropped.
  const conversation = useRef(0)
  const waiting = useRef(false)
  const nextId = useRef(1)
  const endRef = useRef<HTMLDivElement>(null)
  const ask = useAskReferee()
  const ids = { settings: useId(), question: useId(), rules: useId() }

  useEffect(() => {
    if (messages.length > 1 || isWaiting)
      endRef.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' })
  }, [messages.length, isWaiting])

  async function send() {
    const question = draft.trim()
    // A question sent while the referee is still answering is ignored.
    if (waiting.current || question === '') return
    const current = conversation.current
    const questionId = nextId.current++
    const history = recentHistory(toTurns(messages))
    waiting.current = true
    setWaiting(true)
    setError(null)
    setDraft('')
    setMessages((list) => [...list, { id: questionId, role: 'user', text: question }])
    try {
      const reply = await ask.mutateAsync({ question, history, includeRuleNumbers })
      if (conversation.current !== current) return
      setMessages((list) => [
        ...list,
        {
          id: nextId.current++,
          role: 'assistant',
          kind: reply.kind,
          text: reply.answer,
          summary: reply.summary,
          sections: reply.sections,
          signature: reply.signature,
          turn: reply.turn,
        },
      ])
    } catch (failure) {
      if (conversation.current !== current) return
      // The question goes back into the box, so trying again is one tap.
      setMessages((list) => list.filter((m) => m.id !== questionId))
      setDraft((text) => (text.trim() === '' ? question : text))
      setError(errorMessageOf(failure))
    } finally {
      if (conversation.current === current) {
        waiting.current = false
        setWaiting(false)
      }
    }
  }

  function reset() {
    conversation.current += 1
    waiting.current = false
    setWaiting(false)
    setMessages([greeting])
    setError(null)
    setDraft('')
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault()
    void send()
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault()
      void send()
    }
  }

  return (
    <section
      aria-label="AI Referee chat"
      className="rounded-2xl border border-slate-200 bg-slate-100/60 shadow-sm"
    >
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 bg-white px-3 py-2 sm:px-4 rounded-t-2xl">
        {/* The gear says what it sets: the words beside it are part of the button, so a tap on
            them opens the setting too, and the button's name begins with them. */}
        <Button
          variant="ghost"
          size="md"
          className={`-ml-2 ${wrapsWords}`}
          aria-expanded={isSettingsOpen}
          aria-controls={ids.settings}
          onClick={() => setSettingsOpen((open) => !open)}
        >
          <Settings aria-hidden="true" className="size-5" />
          <span className="text-sm font-normal text-slate-600">
            Rule numbers:{' '}
            <span className="font-semibold text-slate-900">{includeRuleNumbers ? 'on' : 'off'}</span>
          </span>
          <span className="sr-only">, Settings</span>
        </Button>
        <div className="flex items-center gap-1">
          <Button variant="ghost" size="md" onClick={reset}>
            <RotateCcw aria-hidden="true" className="size-4" />
            Reset
          </Button>
        </div>
      </div>

      <div
        id={ids.settings}
        hidden={!isSettingsOpen}
        className="border-b border-slate-200 bg-white px-4 py-3"
      >
        <div className="flex items-center gap-3">
          <input
            id={ids.rules}
            type="checkbox"
            className="size-5 shrink-0 accent-brand-700"
            checked={includeRuleNumbers}
            onChange={(event) => setIncludeRuleNumbers(event.target.checked)}
          />
          <label htmlFor={ids.rules} className="text-sm text-slate-800">
            Include rule numbers in responses
          </label>
        </div>
      </div>

      <div role="log" aria-label="Conversation" aria-live="polite" className="px-3 py-4 sm:px-4">
        <ol className="space-y-4">
          {messages.map((message) => (
            <MessageItem key={message.id} message={message} />
          ))}
        </ol>
        {isWaiting ? (
          <div role="status" className="mt-4 flex items-center gap-2 pl-10 text-sm text-slate-600">
            <Spinner />
            <span>The referee is thinking...</span>
          </div>
        ) : null}
        <div ref={endRef} />
      </div>

      {error ? (
        <div
          role="alert"
          className="mx-3 mb-3 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800 sm:mx-4"
        >
          {error}
        </div>
      ) : null}

      <form
        onSubmit={onSubmit}
        className="flex items-end gap-2 border-t border-slate-200 bg-white p-3 rounded-b-2xl sm:p-4"
      >
        <label htmlFor={ids.question} className="sr-only">
          Your question
        </label>
        <textarea
          id={ids.question}
          rows={2}
          maxLength={QUESTION_MAX_LENGTH}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
          placeholder="Ask a rules question..."
          className="min-h-12 flex-1 resize-y rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-500 focus:border-brand-700"
        />
        <Button type="submit" disabled={isWaiting || draft.trim() === ''}>
          <Send aria-hidden="true" className="size-4" />
          Send
        </Button>
      </form>
    </section>
  )
}
