import { useId } from 'react'
import { toast } from '../../../lib/toast'
import { OWN_ACCESS_REFUSED, OWN_ADMIN_STATUS_REFUSED } from '../../../../domain/admin/own-access'
import { useSession } from '../../auth'
import { Button } from '../../../components/ui/button'
import { Dialog } from '../../../components/ui/dialog'
import { Spinner } from '../../../components/ui/spinner'
import { type AccessChange, useAdminUser, useUpdateUserAccess } from '../api/admin.queries'
import { accessMessage } from './access-message'
import { Badge } from './status-badge'
import { duprLine, duprText } from '../../../../domain/players/rating.rules'
import { formatDay, formatDayAndTime, formatLongDay } from '../../../../domain/display-dates'

const actionLabels: Record<string, string> = {
  make_admin: 'Made admin',
  remove_admin: 'Removed admin',
  pause: 'Paused access',
  resume: 'Resumed access',
}

export function UserDetailsDialog({ userId, onClose }: { userId: string | null; onClose: () => void }) {
  const user = useAdminUser(userId)
  const update = useUpdateUserAccess()
  const session = useSession()
  const data = user.data
  // The admin's own details: their admin status and access stay as they are, and the dialog says so.
  const isOwn = data !== undefined && data.id === session.user?.id
  const ownNoteId = useId()
  const unavailable = isOwn
    ? { 'aria-disabled': true, 'aria-describedby': ownNoteId, onClick: undefined }
    : {}

  const run = async (input: AccessChange) => {
    if (!data) return
    try {
      await update.mutateAsync({ id: data.id, ...input })
      toast.success(accessMessage(input))
    } catch (error) {
      toast.error(error instanceof Error && error.message ? error.message : 'Failed to update user')
    }
  }

  return (
    <Dialog
      open={userId !== null}
      onClose={onClose}
      title="User Details"
      footer={
        data ? (
          <>
            <Button variant="secondary" onClick={onClose}>
              Close
            </Button>
            <Button
              variant="secondary"
              disabled={update.isPending}
              onClick={() => void run({ isAdmin: !data.isAdmin })}
              {...unavailable}
            >
              {data.isAdmin ? 'Remove Admin' : 'Make Admin'}
            </Button>
            <Button
              variant={data.isPaused ? 'primary' : 'danger'}
              disabled={update.isPending}
              onClick={() => void run({ isPaused: !data.isPaused })}
              {...unavailable}
            >
              {data.isPaused ? 'Resume Access' : 'Pause Access'}
            </Button>
          </>
        ) : (
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
        )
      }
    >
      {user.isPending ? (
        <div role="status" className="flex items-center gap-2">
          <Spinner /> Loading...
        </div>
      ) : user.isError || !data ? (
        <p role="alert" className="text-red-700">
          Failed to load user connections
        </p>
      ) : (
        <div className="space-y-4 text-sm">
          <div>
            <p className="text-lg font-bold">
              {data.firstName} {data.lastName}
            </p>
            <p className="break-all text-slate-600">User ID: {data.id}</p>
            {isOwn ? (
              <p id={ownNoteId} className="mt-1 text-slate-700">
                {OWN_ADMIN_STATUS_REFUSED}. {OWN_ACCESS_REFUSED}.
              </p>
            ) : null}
            {data.isPaused ? (
              <p className="mt-1">
                <Badge tone="red">Access Paused</Badge>
              </p>
            ) : null}
          </div>
          <dl className="grid grid-cols-2 gap-x-4 gap-y-2">
            <Item label="Gender" value={<span className="capitalize">{data.gender}</span>} />
            <Item label="Birthdate" value={formatLongDay(data.birthdate)} />
            <Item label="ZIP Code" value={data.zipCode ?? 'Not provided'} />
            <Item label="DUPR Rating" value={duprText(data)} />
            <Item label="Self Rating" value={data.selfRating.toFixed(2)} />
            <Item label="Registered" value={formatDay(data.createdAt)} />
            <Item label="Last Updated" value={formatDay(data.updatedAt)} />
            <Item label="Admin Status" value={data.isAdmin ? 'Admin' : 'Regular User'} />
          </dl>
          <div>
            <h3 className="font-semibold">Friends</h3>
            {data.friends.length === 0 ? (
              <p className="text-slate-600">No friend connections found.</p>
            ) : (
              <ul className="mt-1 max-h-40 divide-y divide-slate-100 overflow-y-auto">
                {data.friends.map((friend) => (
                  <li key={friend.id} className="flex justify-between py-1">
                    <span>
                      {friend.firstName} {friend.lastName}
                    </span>
                    <span className="text-slate-600">{duprLine(friend)}</span>
                  </li>
                ))}
              </ul>
            )}
          </div>
          {data.audit.length > 0 ? (
            <div>
              <h3 className="font-semibold">Admin actions</h3>
              <ul className="mt-1 space-y-1 text-slate-700">
                {data.audit.map((entry) => (
                  <li key={entry.id}>
                    {actionLabels[entry.action] ?? entry.action} by {entry.actorName ?? 'a former admin'},{' '}
                    {formatDayAndTime(entry.createdAt)}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </div>
      )}
    </Dialog>
  )
}

function Item({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <div>
      <dt className="text-slate-600">{label}</dt>
      <dd className="font-semibold">{value}</dd>
    </div>
  )
}
