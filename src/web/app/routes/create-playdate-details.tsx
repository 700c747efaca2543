import { DetailsStepPage } from '../../features/play-dates'
import { useMyGroups } from '../../features/groups'

export default function CreatePlayDateDetailsPage() {
  // The groups the player may post a game for: those they own or organise, not closed.
  const groups = useMyGroups()
  const postable = (groups.data ?? [])
    .filter((g) => (g.myRole === 'owner' || g.myRole === 'organiser') && !g.closed)
    .map((g) => ({ id: g.id, name: g.name }))
  return <DetailsStepPage groups={postable} />
}
