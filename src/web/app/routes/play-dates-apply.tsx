import { Navigate, useLocation, useParams } from 'react-router'
import { PageLoading } from '../../components/ui/spinner'
import { useSession } from '../../features/auth'
import { ApplyToPlayDate } from '../../features/play-dates'

// Open to everyone in the route table: a signed-out visitor (following a shared link) is sent
// to sign in and comes back here afterwards.
export default function ApplyToPlayDatePage() {
  const { id = '' } = useParams()
  const location = useLocation()
  const { user, isLoading } = useSession()
  if (isLoading) return <PageLoading />
  if (!user) return <Navigate to="/signin" replace state={{ returnTo: location.pathname }} />
  return <ApplyToPlayDate key={id} id={id} />
}
