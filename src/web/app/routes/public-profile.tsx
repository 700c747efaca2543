import { Pencil } from 'lucide-react'
import { useEffect } from 'react'
import { Navigate, useParams } from 'react-router'
import { toast } from '../../lib/toast'
import { ButtonLink } from '../../components/ui/button'
import { PageLoading } from '../../components/ui/spinner'
import { RelationshipActions } from '../../features/connections'
import {
  DebugPanel,
  ProfileConnections,
  ProfileSummary,
  PrivacyNote,
  ReliabilityRecord,
  usePublicProfile,
} from '../../features/profiles'
import { isApiError } from '../../lib/api-client'
import { useDocumentTitle } from '../../lib/page-title'
import { NotFoundView } from './not-found'

function ProfileNotFound() {
  return (
    <section aria-labelledby="profile-not-found" className="mx-auto max-w-lg py-12 text-center">
      <h1 id="profile-not-found" className="text-title font-bold text-slate-900">
        Profile Not Found
      </h1>
      <p className="mt-2 text-slate-600">This player does not exist, or their account was removed.</p>
      <div className="mt-6 flex justify-center">
        <ButtonLink to="/connections" variant="secondary">
          Go to Player Connections
        </ButtonLink>
      </div>
    </section>
  )
}

function ProfileTitle({ firstName, lastName }: { firstName: string; lastName: string }) {
  useDocumentTitle(`${firstName} ${lastName} | Public Profile`)
  return null
}

export default function PublicProfilePage() {
  const { id = '' } = useParams()
  const query = usePublicProfile(id)
  const notFound = isApiError(query.error) && (query.error.status === 404 || query.error.status === 400)
  const failed = query.isError && !notFound && !query.data

  useEffect(() => {
    if (failed) toast.error('Error loading profile', { id: 'profile-load' })
  }, [failed])

  if (!id) return <NotFoundView />
  if (query.isPending) return <PageLoading label="Loading profile..." />
  if (notFound) return <ProfileNotFound />
  // Any other failure: back to the dashboard.
  if (failed || !query.data) return <Navigate to="/dashboard" replace />

  const data = query.data
  const { profile } = data
  const isOwn = data.viewer === null

  return (
    <>
      <ProfileTitle firstName={profile.firstName} lastName={profile.lastName} />
      <ProfileSummary
        profile={profile}
        actions={
          isOwn ? (
            <ButtonLink to="/profile" variant="secondary">
              <Pencil aria-hidden="true" className="size-4" />
              Edit Profile
            </ButtonLink>
          ) : data.viewer ? (
            <RelationshipActions player={profile} viewer={data.viewer} />
          ) : null
        }
      />
      {isOwn ? <PrivacyNote profile={profile} /> : null}
      {data.reliability ? <ReliabilityRecord reliability={data.reliability} /> : null}
      <ProfileConnections
        connections={data.connections}
        friendCount={data.friendCount}
        watchedCount={data.watchedCount}
      />
      {/* The server sends the debug data to the profile's owner and admins only. */}
      {data.debug ? <DebugPanel data={data} debug={data.debug} clientMs={data.clientMs} /> : null}
    </>
  )
}
