import { PageHeader } from '../../components/ui/page-header'
import { PageLoading } from '../../components/ui/spinner'
import { useSession } from '../../features/auth'
import { SuprBuilder } from '../../features/team-builder'

export default function SuprBuilderPage() {
  const { user } = useSession()
  return (
    <>
      <PageHeader
        title="SUPR Builder"
        description="Build a team around you and check its combined adjusted DUPR against the cap."
      />
      {user ? <SuprBuilder key={user.id} captain={user} /> : <PageLoading />}
    </>
  )
}
