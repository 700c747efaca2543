import { RotateCw, UserPlus } from 'lucide-react'
import { useEffect, useMemo, useState } from 'react'
import { toast } from '../../../lib/toast'
import type { SessionUser } from '../../../../domain/profiles/profile.schema'
import type { Player } from '../../../../domain/team-builder/player.schema'
import { Button, ButtonLink, wrapsWords } from '../../../components/ui/button'
import { ConfirmDialog } from '../../../components/ui/dialog'
import { Spinner } from '../../../components/ui/spinner'
import { useDeletePlayer, usePlayers } from '../api/players.queries'
import { useSuprBuilderState } from '../hooks/use-supr-builder-state'
import { fullName } from '../lib/players-view'
import { PlayersTable } from './players-table'
import { TeamSettingsPanel } from './team-settings'
import { TeamSummary } from './team-summary'
import { outcome } from '../../../lib/outcome'

export function SuprBuilder({ captain }: { captain: SessionUser }) {
  const { settings, selected, updateSettings, toggle, deselect, keepOnly } = useSuprBuilderState(captain.id)
  const playersQuery = usePlayers()
  const deletePlayer = useDeletePlayer()
  const [toDelete, setToDelete] = useState<Player | null>(null)

  useEffect(() => {
    if (playersQuery.isError) toast.error('Error loading players', { id: 'players-load-error' })
  }, [playersQuery.isError])

  const players = useMemo(() => playersQuery.data ?? [], [playersQuery.data])
  // Chosen players in the order they were chosen; one deleted elsewhere drops out of the choice.
  const selectedPlayers = useMemo(
    () => selected.flatMap((id) => players.filter((player) => player.id === id)),
    [selected, players],
  )
  useEffect(() => {
    if (playersQuery.data) keepOnly(playersQuery.data.map((player) => player.id))
  }, [playersQuery.data, keepOnly])

  const confirmDelete = () => {
    if (!toDelete) return
    const player = toDelete
    outcome(deletePlayer.mutateAsync(player.id), {
      onSuccess: () => {
        deselect(player.id)
        toast.success('Player deleted successfully')
      },
      onError: () => toast.error('Error deleting player'),
      onSettled: () => setToDelete(null),
    })
  }

  return (
    <div className="space-y-6">
      <div className="grid gap-6 lg:grid-cols-2">
        <TeamSettingsPanel settings={settings} onChange={updateSettings} />
        <TeamSummary
          captain={captain}
          players={selectedPlayers}
          settings={settings}
          onRemove={(player) => deselect(player.id)}
        />
      </div>

      <section
        aria-labelledby="players-title"
        className="rounded-2xl border border-slate-200 bg-white p-[min(1.25rem,20px)] shadow-sm"
      >
        <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
          <h2 id="players-title" className="text-lg font-bold text-slate-900">
            Your players
          </h2>
          <ButtonLink to="/add-player" className={wrapsWords}>
            <UserPlus aria-hidden="true" className="size-4" />
            Add Player
          </ButtonLink>
        </div>
        {playersQuery.isPending ? (
          <div role="status" className="flex min-h-32 items-center justify-center gap-3 text-slate-700">
            <Spinner />
            <span>Loading players...</span>
          </div>
        ) : playersQuery.isError ? (
          <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-6 text-center">
            <p className="font-semibold text-red-800">Error loading players</p>
            <Button variant="secondary" className="mt-3" onClick={() => void playersQuery.refetch()}>
              <RotateCw aria-hidden="true" className="size-4" />
              Try Again
            </Button>
          </div>
        ) : players.length === 0 ? (
          <div className="rounded-xl border border-dashed border-slate-300 p-6 text-center">
            <p className="font-semibold text-slate-900">No players yet</p>
            <p className="mt-1 text-slate-600">
              Add the players you team up with, then pick them for your team here.
            </p>
          </div>
        ) : (
          <PlayersTable
            players={players}
            selectedIds={selected}
            teamSize={settings.teamSize}
            onToggle={(player) => toggle(player.id)}
            onDelete={setToDelete}
          />
        )}
      </section>

      <ConfirmDialog
        open={toDelete !== null}
        title={toDelete ? `Delete ${fullName(toDelete)}` : 'Delete player'}
        message="Are you sure you want to delete this player?"
        confirmLabel={deletePlayer.isPending ? 'Deleting...' : 'Delete'}
        isPending={deletePlayer.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(null)}
      />
    </div>
  )
}
