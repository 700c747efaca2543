import { LocateFixed } from 'lucide-react'
import { useState } from 'react'
import { roundToKilometre } from '../../../../domain/places/distance'
import { Button } from '../../../components/ui/button'
import { TextField } from '../../../components/ui/form-controls'
import { ApiError, errorDetail } from '../../../lib/api-client'
import { outcome } from '../../../lib/outcome'
import { toast } from '../../../lib/toast'
import { useHomeLocation, useSetHomeLocation } from '../../auth'

const LOCATION_REFUSED = 'Your browser did not share your location: enter a ZIP code instead'

// "Home: Tempe, AZ": where Available and the dashboard measure distances from. Changed with a ZIP
// code or the browser's location, rounded to about 1 km here and again by the server before it is
// stored (docs/decisions/0157).
export function HomeLocationForm() {
  const location = useHomeLocation()
  const save = useSetHomeLocation()
  const [editing, setEditing] = useState(false)
  const [zipCode, setZipCode] = useState('')
  const [zipError, setZipError] = useState<string | undefined>()
  const [locating, setLocating] = useState(false)
  const home = location.data?.home ?? null
  const open = editing || (location.isSuccess && home === null)

  const done = (input: Parameters<typeof save.mutateAsync>[0]) =>
    outcome(save.mutateAsync(input), {
      onSuccess: () => {
        setEditing(false)
        setZipCode('')
        setZipError(undefined)
        toast.success('Home saved')
      },
      onError: (error) => {
        const field = error instanceof ApiError ? error.fields?.zipCode : undefined
        if (field) setZipError(field)
        else toast.error('Could not change your home', { description: errorDetail(error) })
      },
    })

  const useMyLocation = () => {
    if (!('geolocation' in navigator)) {
      toast.error(LOCATION_REFUSED)
      return
    }
    setLocating(true)
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false)
        done({
          latitude: roundToKilometre(position.coords.latitude),
          longitude: roundToKilometre(position.coords.longitude),
        })
      },
      () => {
        setLocating(false)
        toast.error(LOCATION_REFUSED)
      },
      { maximumAge: 600_000, timeout: 15_000 },
    )
  }

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <p className="font-semibold text-slate-900" aria-live="polite">
            {location.isPending ? 'Home: …' : `Home: ${home?.label ?? 'not set'}`}
          </p>
          <p className="text-sm text-slate-600">
            {home?.source === 'location'
              ? 'From your location, to about 1 km.'
              : home
                ? `From your ZIP code ${home.zipCode ?? ''}.`
                : 'Set it to find games by distance.'}{' '}
            Available measures distances from here.
          </p>
        </div>
        {home && !editing ? (
          <Button variant="secondary" size="sm" onClick={() => setEditing(true)}>
            Change home
          </Button>
        ) : null}
      </div>
      {open ? (
        <form
          className="space-y-3"
          noValidate
          onSubmit={(event) => {
            event.preventDefault()
            done({ zipCode: zipCode.trim() })
          }}
        >
          <div className="flex flex-wrap items-start gap-2">
            <TextField
              label="Home ZIP code"
              inputMode="numeric"
              autoComplete="postal-code"
              maxLength={10}
              value={zipCode}
              onChange={(event) => setZipCode(event.target.value)}
              error={zipError}
              className="w-40"
            />
            <Button type="submit" className="mt-7" disabled={save.isPending || zipCode.trim() === ''}>
              Save ZIP code
            </Button>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onClick={useMyLocation} disabled={locating || save.isPending}>
              <LocateFixed aria-hidden="true" className="size-4" />
              {locating ? 'Finding you…' : 'Use my location'}
            </Button>
            {home ? (
              <Button variant="ghost" onClick={() => setEditing(false)}>
                Cancel
              </Button>
            ) : null}
          </div>
        </form>
      ) : null}
    </div>
  )
}
