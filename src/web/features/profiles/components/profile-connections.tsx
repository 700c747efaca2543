import { Eye, Users } from 'lucide-react'
import { Link } from 'react-router'
import type { PublicConnection } from '../../../../domain/profiles/public-profile.schema'
import { duprLine } from '../../../../domain/players/rating.rules'
import { Avatar } from '../../../components/ui/avatar'

// Cards linking to each connection's profile, labelled Friend or Watching.
export function ConnectionCards({ connections }: { connections: PublicConnection[] }) {
  return (
    <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
      {connections.map((connection) => (
        <li key={`${connection.kind}-${connection.id}`}>
          <Link
            to={`/profile/${connection.id}`}
            className="flex items-center justify-between gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm transition hover:border-brand-600 hover:shadow-md"
          >
            <span className="flex min-w-0 items-center gap-3">
              <Avatar person={connection} size="md" />
              <span className="min-w-0">
                <span className="block font-semibold text-slate-900">
                  {connection.firstName} {connection.lastName}
                </span>
                <span className="block text-sm text-slate-600">{duprLine(connection)}</span>
              </span>
            </span>
            <span
              className={`inline-flex shrink-0 items-center gap-1 rounded-full px-2.5 py-1 text-xs font-semibold ${
                connection.kind === 'friend' ? 'bg-brand-100 text-brand-900' : 'bg-sky-100 text-sky-900'
              }`}
            >
              {connection.kind === 'friend' ? (
                <Users aria-hidden="true" className="size-3.5" />
              ) : (
                <Eye aria-hidden="true" className="size-3.5" />
              )}
              {connection.kind === 'friend' ? 'Friend' : 'Watching'}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  )
}

export function ProfileConnections({
  connections,
  friendCount,
  watchedCount,
}: {
  connections: PublicConnection[]
  friendCount: number
  watchedCount: number
}) {
  const hidden = friendCount + watchedCount - connections.length
  return (
    <section aria-labelledby="profile-connections" className="mt-8">
      <h2 id="profile-connections" className="text-xl font-bold text-slate-900">
        Connections
      </h2>
      {connections.length === 0 ? (
        <div className="mt-4 rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center">
          <p className="font-semibold text-slate-900">No connections yet</p>
          <p className="mt-1 text-slate-600">This player hasn&apos;t connected with anyone yet.</p>
        </div>
      ) : (
        <>
          <p className="mt-1 text-sm text-slate-600">
            {friendCount} {friendCount === 1 ? 'friend' : 'friends'} · watching {watchedCount}
          </p>
          <div className="mt-4">
            <ConnectionCards connections={connections} />
          </div>
          {hidden > 0 ? <p className="mt-3 text-sm text-slate-600">And {hidden} more.</p> : null}
        </>
      )}
    </section>
  )
}
