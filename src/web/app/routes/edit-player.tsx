import { UserX } from 'lucide-react'
import { useNavigate, useParams } from 'react-router'
import { toast } from '../../lib/toast'
import { Button, ButtonLink } from '../../components/ui/button'
import { PageHeader } from '../../components/ui/page-header'
import { PageLoading } from '../../components/ui/spinner'
import { PlayerForm, usePlayer, useUpdatePlayer } from '../../features/team-builder'
import { isApiError } from '../../lib/api-client'

function EditPlayer({ id }: { id: string }) {
  const navigate = useNavigate()
  const player = usePlayer(id)
  const updatePlayer = useUpdatePlayer(id)

  if (player.isPending) return <PageLoading label="Loading player..." />
  if (player.isError) {
    const notFound = isApiError(player.error) && player.error.status === 404
    return (
      <section
        role="alert"
        className="rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm"
      >
        <UserX aria-hidden="true" className="mx-auto size-10 text-slate-500" />
        <h2 className="mt-3 text-xl font-bold text-slate-900">
          {notFound ? 'Player not found' : 'Error loading player'}
        </h2>
        <p className="mt-1 text-slate-600">
          {notFound
            ? 'This player is not in your list. It may have been deleted.'
            : 'Check your connection and try again.'}
        </p>
        <div className="mt-5 flex flex-wrap justify-center gap-3">
          {notFound ? null : <Button onClick={() => void player.refetch()}>Try Again</Button>}
          <ButtonLink to="/supr-builder" variant="secondary">
            Back to SUPR Builder
          </ButtonLink>
        </div>
      </section>
    )
  }
  return (
    <PlayerForm
      key={player.data.id}
      player={player.data}
      submitLabel="Save Changes"
      pendingLabel="Saving..."
      onSubmit={async (values) => {
        await updatePlayer.mutateAsync(values)
        toast.success('Player updated successfully')
        await navigate('/supr-builder')
      }}
    />
  )
}

export default function EditPlayerPage() {
  const { id = '' } = useParams()
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title="Edit Player" description="Change the details of one of your SUPR Builder players." />
      <EditPlayer key={id} id={id} />
    </div>
  )
}
