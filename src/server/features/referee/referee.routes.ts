import { requestLog } from '../../app-env'
import { createRoute } from '@hono/zod-openapi'
import { refereeMessages } from '../../../domain/referee/referee.rules'
import { askInput, askOutput } from '../../../domain/referee/referee.schema'
import { createApi } from '../../app-factory'
import { limitRequest, type RateLimit } from '../../lib/rate-limit'
import { requireUser } from '../../middleware/require-user'
import { access, errorResponses, errorSchema, jsonBody, jsonContent } from '../../openapi'
import { askReferee } from './referee.service'

// The limit guards the model bill. It is counted in the shared rate_limits table, so several
// server instances on one database allow a player this many questions in all, not each.
export const refereeLimits = {
  questionsPerUser: {
    name: 'referee:user',
    limit: 10,
    windowSeconds: 60,
    message: refereeMessages.tooManyRequests,
  },
} satisfies Record<string, RateLimit>

export const QUESTIONS_PER_MINUTE = refereeLimits.questionsPerUser.limit

const ask = createRoute({
  method: 'post',
  path: '/referee/ask',
  operationId: 'askReferee',
  tags: ['referee'],
  summary: 'Ask the AI Referee a rules question',
  description:
    'Finds up to 3 rulebook sections for the question and lets the configured model answer from them ' +
    '(Gemini or an OpenAI-compatible endpoint). With no model configured the answer is the sections ' +
    `themselves (\`kind: rulebook\`). At most ${QUESTIONS_PER_MINUTE} questions per player per minute, ` +
    'counted across every server instance.',
  ...access.user,
  middleware: [requireUser] as const,
  request: { body: jsonBody(askInput) },
  responses: {
    200: jsonContent(askOutput, 'The answer, and the rulebook sections it was given'),
    ...errorResponses(400, 401, 403, 429),
    500: jsonContent(errorSchema, 'The model call failed in an unexpected way'),
    503: jsonContent(errorSchema, 'The model service failed, timed out or is misconfigured'),
  },
})

export const refereeRoutes = createApi().openapi(ask, async (c) => {
  const { env, llm, refereeKey } = c.get('deps')
  // Counted before the model is asked.
  await limitRequest(c, [{ rule: refereeLimits.questionsPerUser, subject: c.get('user').id }])
  const answer = await askReferee(
    { llm, key: refereeKey, playerId: c.get('user').id, log: requestLog(c), productName: env.PRODUCT_NAME },
    c.req.valid('json'),
  )
  return c.json(answer, 200)
})
