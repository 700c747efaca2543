import { useEffect } from 'react'
import { Navigate, Outlet, useLocation } from 'react-router'
import { returnToInState } from '../lib/return-to'
import { toast } from '../lib/toast'
import { useSession, wasSignedOutOnPurpose } from '../features/auth'
import { PageLoading } from '../components/ui/spinner'

// Landing, sign-in, sign-up, invite: a signed-in user goes to where they were headed, or /dashboard.
export function RequireSignedOut() {
  const { user, isLoading } = useSession()
  const location = useLocation()
  if (isLoading) return <PageLoading />
  if (user) {
    return <Navigate to={returnToInState(location.state) ?? '/dashboard'} replace />
  }
  return <Outlet />
}

// Signed out, a visitor goes to the landing page. Unless they chose to sign out, the page they
// asked for (a link in an email, a page whose session just ended) rides along as returnTo:
// signing in from the landing page brings them back to it.
function ToLanding() {
  const { pathname, search, hash } = useLocation()
  const state = wasSignedOutOnPurpose() ? undefined : { returnTo: pathname + search + hash }
  return <Navigate to="/" replace state={state} />
}

export function RequireUser() {
  const { user, isLoading } = useSession()
  if (isLoading) return <PageLoading />
  if (!user) return <ToLanding />
  return <Outlet />
}

export const ACCESS_DENIED = 'Access Denied'
export const ACCESS_DENIED_DETAIL = 'You do not have permission to access this page.'

function AccessDenied() {
  useEffect(() => {
    // The id keeps a second render from stacking a second toast.
    toast.error(ACCESS_DENIED, { id: 'access-denied', description: ACCESS_DENIED_DETAIL })
  }, [])
  return <Navigate to="/dashboard" replace />
}

export function RequireAdmin() {
  const { user, isLoading } = useSession()
  if (isLoading) return <PageLoading />
  if (!user) return <ToLanding />
  if (!user.isAdmin) return <AccessDenied />
  return <Outlet />
}
