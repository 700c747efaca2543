import { useState } from 'react'
import { regionsOf, type StateCode } from '../../../../domain/play-dates/play-date.constants'
import type { SessionUser } from '../../../../domain/profiles/profile.schema'
import { Button, wrapsWords } from '../../../components/ui/button'
import { errorDetail } from '../../../lib/api-client'
import { toast } from '../../../lib/toast'
import { StateRegionFields } from '../../play-dates'
import { useUpdateHomeArea } from '../api/home-area.queries'
import { outcome } from '../../../lib/outcome'

// Where the player usually plays: the Available tab opens on this state and region.
export function HomeAreaForm({ user }: { user: SessionUser }) {
  const [state, setState] = useState<StateCode | null>(user.homeState)
  const [region, setRegion] = useState<string | null>(user.homeRegion)
  const update = useUpdateHomeArea()

  const chooseState = (next: StateCode | null) => {
    setState(next)
    // A state with one region ("Statewide") needs no second choice.
    const options = next ? regionsOf(next) : []
    setRegion(options.length === 1 ? options[0]!.key : null)
  }
  const unchanged = state === user.homeState && region === user.homeRegion
  const incomplete = state !== null && region === null

  const save = () =>
    outcome(update.mutateAsync({ homeState: state, homeRegion: state ? region : null }), {
      onSuccess: () => toast.success(state ? 'Home area saved' : 'Home area cleared'),
      onError: (error) => toast.error('Could not save your home area', { description: errorDetail(error) }),
    })

  return (
    <form
      className="space-y-3"
      onSubmit={(event) => {
        event.preventDefault()
        save()
      }}
    >
      <p className="text-sm text-slate-600">
        The Available tab shows PlayDates here first. You can change it there too.
      </p>
      <StateRegionFields
        state={state}
        region={region}
        onState={chooseState}
        onRegion={setRegion}
        labels={{ state: 'Home state', region: 'Home region' }}
        none={{ state: 'Not set', region: 'Choose a region' }}
        regionMissing={incomplete}
        className="grid gap-3 sm:grid-cols-2"
      />
      <Button
        type="submit"
        className={wrapsWords}
        disabled={unchanged || incomplete || update.isPending}
        aria-busy={update.isPending}
      >
        Save home area
      </Button>
    </form>
  )
}
