import { AppError } from '../../../domain/errors'
import {
  type ChatTurn,
  recentHistory,
  refereeMessages,
  TURN_MAX_LENGTH,
} from '../../../domain/referee/referee.rules'
import type { AskInput, AskOutput } from '../../../domain/referee/referee.schema'
import { isLlmFailure, type LlmClient, LlmFailure } from '../../lib/llm'
import type { Logger } from '../../lib/logger'
import { buildRefereeRequest, checkCitations, citeSection, formatRulebookAnswer } from './referee.prompt'
import { answerOffline } from './referee.answers'
import { signAnswer, trustedHistory } from './referee.signature'

export interface RefereeDeps {
  // Undefined when no model provider is configured.
  llm: LlmClient | undefined
  // Signs answers; the player's id goes into each signature.
  key: Buffer
  playerId: string
  log: Logger
  productName: string
}

// What a failed model call means to the player. Every one is an API error (the page shows it
// in its error box) except an unusable reply, which the chat shows as the referee's answer.
export function refereeErrorOf(failure: LlmFailure): AppError {
  switch (failure.kind) {
    case 'timeout':
      return new AppError('unavailable', refereeMessages.timeout)
    case 'auth':
      return new AppError('unavailable', refereeMessages.notConfigured)
    case 'rate_limited':
      return new AppError('rate_limited', refereeMessages.tooManyRequests)
    case 'network':
      return new AppError('unavailable', refereeMessages.network)
    case 'invalid_response':
      return new AppError('unavailable', refereeMessages.invalidResponse)
    case 'unprocessable':
      return new AppError('unavailable', refereeMessages.unprocessable)
    case 'http':
      return new AppError('unavailable', `${refereeMessages.failedPrefix}${failure.detail}`)
    default:
      return new AppError('internal', refereeMessages.unexpected)
  }
}

// A player's rules question: find the sections, then let the model answer from them, or
// answer with the sections themselves when no model is configured.
export async function askReferee(deps: RefereeDeps, input: AskInput): Promise<AskOutput> {
  const trusted = trustedHistory(deps.key, deps.playerId, input.history)
  const answer = await answerQuestion(deps, input, trusted.turns)
  const turn = trusted.nextTurn
  const signature = signAnswer(deps.key, {
    playerId: deps.playerId,
    turn,
    question: input.question,
    answer: answer.answer.slice(0, TURN_MAX_LENGTH),
  })
  return { ...answer, signature, turn }
}

// The player's question before this one: a follow-up is read in its light.
const earlierQuestion = (history: ChatTurn[]) => history.findLast((turn) => turn.role === 'user')?.text

async function answerQuestion(
  deps: RefereeDeps,
  input: AskInput,
  trusted: ChatTurn[],
): Promise<Omit<AskOutput, 'signature' | 'turn'>> {
  const history = recentHistory(trusted)
  const offline = answerOffline(input.question, {
    earlier: earlierQuestion(history),
    includeRuleNumbers: input.includeRuleNumbers,
  })
  const { sections } = offline
  const cited = sections.map((section) => citeSection(section, input.includeRuleNumbers))

  const noModel = {
    kind: 'rulebook' as const,
    answer: formatRulebookAnswer(sections, input.includeRuleNumbers),
    summary: offline.summary,
    sections: cited,
  }
  if (!deps.llm) return noModel

  const request = buildRefereeRequest({
    productName: deps.productName,
    question: input.question,
    history,
    sections,
    includeRuleNumbers: input.includeRuleNumbers,
  })
  let reply: string
  try {
    reply = await deps.llm.complete(request)
  } catch (error) {
    const failure = isLlmFailure(error) ? error : new LlmFailure('unexpected', 'unexpected error')
    deps.log.warn(
      { provider: deps.llm.provider, kind: failure.kind, status: failure.status, detail: failure.detail },
      'referee model call failed',
    )
    if (failure.kind === 'unusable')
      return { kind: 'apology', answer: refereeMessages.apology, summary: null, sections: cited }
    throw refereeErrorOf(failure)
  }
  const checked = checkCitations(reply, sections, input.includeRuleNumbers)
  if (checked.ok) return { kind: 'answer', answer: checked.answer, summary: null, sections: cited }
  // A rule number the model was not given is a rule it made up: its answer is not shown, the
  // rulebook's is.
  deps.log.warn(
    { provider: deps.llm.provider, unknown: checked.unknown },
    'referee model cited rules it was not given',
  )
  return noModel
}
