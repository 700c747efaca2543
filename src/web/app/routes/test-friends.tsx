import { Search } from 'lucide-react'
import { type FormEvent, useState } from 'react'
import type { PublicProfileOutput } from '../../../domain/profiles/public-profile.schema'
import { Button } from '../../components/ui/button'
import { TextField } from '../../components/ui/form-controls'
import { PageHeader } from '../../components/ui/page-header'
import { Spinner } from '../../components/ui/spinner'
import { useSession } from '../../features/auth'
import { ConnectionCards, fetchPublicProfile } from '../../features/profiles'
import { isApiError } from '../../lib/api-client'

type Outcome =
  | { kind: 'idle' }
  | { kind: 'loading' }
  | { kind: 'error'; message: string; clientMs: number }
  | { kind: 'done'; data: PublicProfileOutput; clientMs: number }

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

function Fact({ label, value }: { label: string; value: string | number }) {
  return (
    <div className="rounded-xl bg-slate-50 px-4 py-3">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="font-mono text-lg font-bold break-all text-slate-900">{value}</dd>
    </div>
  )
}

function IdList({ title, ids }: { title: string; ids: string[] }) {
  return (
    <div>
      <h3 className="font-semibold text-slate-800">{title}</h3>
      {ids.length === 0 ? (
        <p className="text-sm text-slate-600">None</p>
      ) : (
        <ul className="mt-1 space-y-0.5 font-mono text-xs break-all text-slate-800">
          {ids.map((id) => (
            <li key={id}>{id}</li>
          ))}
        </ul>
      )}
    </div>
  )
}

// A developer's view of one profile's connections: timing, counts, ids and the raw answer.
export default function TestFriendsPage() {
  const { user } = useSession()
  const [profileId, setProfileId] = useState(user?.id ?? '')
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'idle' })
  const [fieldError, setFieldError] = useState<string | null>(null)

  const search = async (event: FormEvent) => {
    event.preventDefault()
    const id = profileId.trim()
    if (!UUID.test(id)) {
      setFieldError('Enter a profile ID (a UUID)')
      return
    }
    setFieldError(null)
    setOutcome({ kind: 'loading' })
    const started = performance.now()
    try {
      const data = await fetchPublicProfile(id)
      setOutcome({ kind: 'done', data, clientMs: Math.round(performance.now() - started) })
    } catch (error) {
      const message = isApiError(error) ? error.message : 'Error loading profile'
      setOutcome({ kind: 'error', message, clientMs: Math.round(performance.now() - started) })
    }
  }

  return (
    <>
      <PageHeader
        title="Profile Friends Test"
        description="Look up the accepted friend and watched connections of any profile."
      />
      <form onSubmit={search} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <TextField
          className="flex-1"
          label="Profile ID"
          value={profileId}
          onChange={(event) => setProfileId(event.target.value)}
          autoComplete="off"
          spellCheck={false}
          controlClassName="font-mono"
          error={fieldError ?? undefined}
        />
        <Button type="submit" disabled={outcome.kind === 'loading'}>
          {outcome.kind === 'loading' ? (
            <Spinner className="size-4 text-white" />
          ) : (
            <Search aria-hidden="true" className="size-4" />
          )}
          Search
        </Button>
      </form>

      <div aria-live="polite" className="mt-6">
        {outcome.kind === 'error' ? (
          <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-4">
            <p className="font-semibold text-red-800">{outcome.message}</p>
            <p className="mt-1 text-sm text-red-800">Query time: {outcome.clientMs} ms</p>
          </div>
        ) : null}
        {outcome.kind === 'done' ? (
          <section aria-labelledby="test-friends-result" className="space-y-6">
            <h2 id="test-friends-result" className="text-xl font-bold text-slate-900">
              {outcome.data.profile.firstName} {outcome.data.profile.lastName}
            </h2>
            <dl className="grid gap-2 sm:grid-cols-2 lg:grid-cols-4">
              <Fact label="Query time" value={`${outcome.clientMs} ms`} />
              <Fact label="Friends" value={outcome.data.friendCount} />
              <Fact label="Watched" value={outcome.data.watchedCount} />
            </dl>
            {/* The server sends the id lists to the profile's owner and admins only. */}
            {outcome.data.debug ? (
              <div className="grid gap-4 sm:grid-cols-2">
                <IdList title="Friend IDs" ids={outcome.data.debug.friendIds} />
                <IdList title="Watched IDs" ids={outcome.data.debug.watchedIds} />
              </div>
            ) : (
              <p className="text-sm text-slate-600">Only the player and admins see the id lists.</p>
            )}
            <div>
              <h3 className="font-semibold text-slate-800">Connections</h3>
              {outcome.data.connections.length === 0 ? (
                <p className="text-sm text-slate-600">No connections yet</p>
              ) : (
                <div className="mt-2">
                  <ConnectionCards connections={outcome.data.connections} />
                </div>
              )}
            </div>
            <div>
              <h3 className="font-semibold text-slate-800">Raw data</h3>
              <pre className="mt-1 max-h-96 overflow-auto rounded-lg bg-slate-900 p-3 text-xs text-slate-100">
                {JSON.stringify(outcome.data, null, 2)}
              </pre>
            </div>
          </section>
        ) : null}
      </div>
    </>
  )
}
