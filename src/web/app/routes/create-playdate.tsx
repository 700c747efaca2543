import { useSearchParams } from 'react-router'
import { TypeStep } from '../../features/play-dates'

// Started from a group's page (?group=): the game is for that group.
export default function CreatePlayDatePage() {
  const [params] = useSearchParams()
  return <TypeStep groupId={params.get('group') ?? undefined} />
}
