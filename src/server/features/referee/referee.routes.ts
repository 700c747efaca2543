import { requestLog } from '../../app-env'
import { createRoute } from '@hono/zod-openapi'
import { askInput, askOutput } from '../../../domain/referee/referee.schema'
import { createApi } from '../../app-factory'
import { createLlmFromEnv } from '../../lib/llm'
import { requireUser } from '../../middleware/require-user'
import { access, errorResponses, errorSchema, jsonBody, jsonContent } from '../../openapi'
import { createQuestionLimiter, QUESTIONS_PER_MINUTE } from './referee.limiter'
import { askReferee } from './referee.service'

const ask = createRoute({
  method: 'post',
  path: '/referee/ask',
  tags: ['referee'],
  summary: 'Ask the AI Referee a rules question',
  description:
    'Finds up to 3 rulebook sections for the question and lets the configured model answer from them ' +
    '(Gemini or an OpenAI-compatible endpoint). With no model configured the answer is the sections ' +
    `themselves (\`kind: rulebook\`). At most ${QUESTIONS_PER_MINUTE} questions per player per minute.`,
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

// A factory, so each app (and each test app) counts questions on its own.
export function createRefereeRoutes() {
  const limiter = createQuestionLimiter({ limit: QUESTIONS_PER_MINUTE, windowMs: 60_000 })
  return createApi().openapi(ask, async (c) => {
    const { env } = c.get('deps')
    const answer = await askReferee(
      { llm: createLlmFromEnv(env), limiter, log: requestLog(c), productName: env.PRODUCT_NAME },
      c.get('user').id,
      c.req.valid('json'),
    )
    return c.json(answer, 200)
  })
}
