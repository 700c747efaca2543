import { useLocation } from 'react-router'
import { ButtonLink } from '../ui/button'
import { Brand } from './brand'

// The header for visitors who are not signed in (or while we do not know yet).
export function PublicHeader({ showActions }: { showActions: boolean }) {
  const { pathname } = useLocation()
  const onSignIn = pathname === '/signin'
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex min-h-15 max-w-6xl items-center justify-between gap-3 px-4 py-2 sm:px-6">
        <Brand />
        {showActions ? (
          onSignIn ? (
            <ButtonLink to="/signup" variant="secondary">
              Sign Up
            </ButtonLink>
          ) : (
            <ButtonLink to="/signin">Sign In</ButtonLink>
          )
        ) : null}
      </div>
    </header>
  )
}
