import { useNavigate } from 'react-router'
import { toast } from '../../lib/toast'
import { PageHeader } from '../../components/ui/page-header'
import { PlayerForm, useCreatePlayer } from '../../features/team-builder'

export default function AddPlayerPage() {
  const navigate = useNavigate()
  const createPlayer = useCreatePlayer()
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        title="Add Player"
        description="Add someone you team up with to your SUPR Builder players."
      />
      <PlayerForm
        submitLabel="Add Player"
        pendingLabel="Adding..."
        onSubmit={async (values) => {
          await createPlayer.mutateAsync(values)
          toast.success('Player added successfully')
          await navigate('/supr-builder')
        }}
      />
    </div>
  )
}
