import { useParams } from 'react-router'
import { PageLoading } from '../../components/ui/spinner'
import { useSession } from '../../features/auth'
import { PlayDateDetails } from '../../features/play-dates'

export default function PlayDateDetailPage() {
  const { id = '' } = useParams()
  const { user } = useSession()
  if (!user) return <PageLoading />
  return <PlayDateDetails key={id} id={id} viewerId={user.id} />
}
