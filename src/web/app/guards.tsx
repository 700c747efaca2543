import { useEffect } from 'react'
import { Navigate, Outlet, useLocation } from 'react-router'
import { toast } from '../lib/toast'
import { useSession } from '../features/auth/api/session.queries'
import { PageLoading } from '../components/ui/spinner'

// Only paths of this app: '/x' but never '//host' or a full URL.
export function safeReturnTo(value: unknown): string | null {
  return typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') ? value : null
}

// Landing, sign-in, sign-up, invite: a signed-in user goes to where they were headed, or /dashboard.
export function RequireSignedOut() {
  const { user, isLoading } = useSession()
  const location = useLocation()
  if (isLoading) return <PageLoading />
  if (user) {
    const state = location.state as { returnTo?: unknown } | null
    return <Navigate to={safeReturnTo(state?.returnTo) ?? '/dashboard'} replace />
  }
  return <Outlet />
}

export function RequireUser() {
  const { user, isLoading } = useSession()
  if (isLoading) return <PageLoading />
  if (!user) return <Navigate to="/" replace />
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
  if (!user) return <Navigate to="/" replace />
  if (!user.isAdmin) return <AccessDenied />
  return <Outlet />
}
