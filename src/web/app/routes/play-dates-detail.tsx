import { useParams } from 'react-router'
import { PageLoading } from '../../components/ui/spinner'
import { useSession } from '../../features/auth'
import { PlayDateDetails } from '../../features/play-dates'
import { useMediaQuery, WIDE_SCREEN } from '../../lib/use-media-query'

// On a wide screen this page shows in the pane beside the PlayDates list (./play-dates.tsx).
export default function PlayDateDetailPage() {
  const { id = '' } = useParams()
  const { user } = useSession()
  const isWide = useMediaQuery(WIDE_SCREEN)
  if (!user) return <PageLoading />
  return <PlayDateDetails key={id} id={id} viewerId={user.id} layout={isWide ? 'pane' : 'page'} />
}
