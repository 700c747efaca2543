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
import { buildRefereeRequest, citeSection, formatRulebookAnswer } from './referee.prompt'
import { searchRulebook, shortAnswer } from './referee.search'
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

async function answerQuestion(
  deps: RefereeDeps,
  input: AskInput,
  history: ChatTurn[],
): Promise<Omit<AskOutput, 'signature' | 'turn'>> {
  const sections = searchRulebook(input.question)
  const cited = sections.map((section) => citeSection(section, input.includeRuleNumbers))

  if (!deps.llm) {
    return {
      kind: 'rulebook',
      answer: formatRulebookAnswer(sections, input.includeRuleNumbers),
      summary: shortAnswer(input.question, sections),
      sections: cited,
    }
  }

  const request = buildRefereeRequest({
    productName: deps.productName,
    question: input.question,
    history: recentHistory(history),
    sections,
    includeRuleNumbers: input.includeRuleNumbers,
  })
  try {
    const answer = await deps.llm.complete(request)
    return { kind: 'answer', answer, summary: null, sections: cited }
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
}
