import { createMiddleware } from 'hono/factory'
import { AppError } from '../../domain/errors'
import type { AppEnv } from '../app-env'
import { PAUSED_MESSAGE } from '../../domain/auth/auth.messages'

// Signed in and not paused: sets c.get('user').
export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  const session = c.get('session')
  if (!session) throw new AppError('unauthenticated', 'Please sign in to continue')
  if (session.isPaused) throw new AppError('forbidden', PAUSED_MESSAGE)
  c.set('user', session.user)
  await next()
})

// An admin, signed in and not paused.
export const requireAdmin = createMiddleware<AppEnv>(async (c, next) => {
  const session = c.get('session')
  if (!session) throw new AppError('unauthenticated', 'Please sign in to continue')
  if (session.isPaused) throw new AppError('forbidden', PAUSED_MESSAGE)
  if (!session.user.isAdmin)
    throw new AppError('forbidden', 'You do not have permission to access this page.')
  c.set('user', session.user)
  await next()
})
