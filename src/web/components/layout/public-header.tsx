import { useLocation } from 'react-router'
import { returnToInState } from '../../lib/return-to'
import { ButtonLink } from '../ui/button'
import { Brand } from './brand'

// The header for visitors who are not signed in (or while we do not know yet).
export function PublicHeader({ showActions }: { showActions: boolean }) {
  const { pathname, state } = useLocation()
  const onSignIn = pathname === '/signin'
  // The page a signed-out visitor was sent away from (guards.tsx) comes along to sign-in.
  const returnTo = returnToInState(state)
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex min-h-15 max-w-6xl items-center justify-between gap-3 px-edge py-2">
        <Brand />
        {showActions ? (
          onSignIn ? (
            <ButtonLink to="/signup" variant="secondary">
              Sign Up
            </ButtonLink>
          ) : (
            <ButtonLink to="/signin" state={returnTo ? { returnTo } : undefined}>
              Sign In
            </ButtonLink>
          )
        ) : null}
      </div>
    </header>
  )
}
