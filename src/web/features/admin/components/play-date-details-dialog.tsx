import { formatPayment, statusLabel } from '../../../../domain/play-dates/play-date.rules'
import type { TeamSummary } from '../../../../domain/play-dates/play-date.schema'
import {
  kindDescription,
  playDateKind,
  regionLabel,
  stateName,
} from '../../../../domain/play-dates/play-date.constants'
import { Button } from '../../../components/ui/button'
import { Dialog } from '../../../components/ui/dialog'
import { Spinner } from '../../../components/ui/spinner'
import { useAdminPlayDate } from '../api/admin.queries'
import { Badge, statusTone } from './status-badge'
import { RatingsText } from '../../../components/ui/ratings-text'
import { formatDayAndTime } from '../../../../domain/display-dates'
import { PlayDateWhen, PlayDateWhere } from '../../play-dates'

export function PlayDateDetailsDialog({
  playDateId,
  onClose,
}: {
  playDateId: string | null
  onClose: () => void
}) {
  const detail = useAdminPlayDate(playDateId)
  const data = detail.data
  const title = data
    ? data.type === 'challenge'
      ? 'Pay to Challenge PlayDate'
      : 'Earn Teaching PlayDate'
    : 'PlayDate'
  return (
    <Dialog
      open={playDateId !== null}
      onClose={onClose}
      title={title}
      footer={
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      }
    >
      {detail.isPending ? (
        <div role="status" className="flex items-center gap-2">
          <Spinner /> Loading...
        </div>
      ) : !data ? (
        <p role="alert" className="text-red-700">
          Failed to load play dates
        </p>
      ) : (
        <div className="space-y-4 text-sm">
          <div className="flex items-center gap-2">
            <Badge tone={statusTone(data.status)}>{statusLabel(data.status)}</Badge>
            <span className="text-slate-600">Created {formatDayAndTime(data.createdAt)}</span>
          </div>
          {/* When and where the game is, as its players see it (its own zone, the venue's address). */}
          <div className="space-y-1">
            <PlayDateWhen schedule={data} />
            <PlayDateWhere place={data} directions />
          </div>
          <Team heading="Creator Team" team={data.creatorTeam} roles={['Creator', 'Partner']} />
          {data.respondingTeam ? (
            <Team heading="Responding Team" team={data.respondingTeam} roles={['Captain', 'Partner']} />
          ) : null}
          <p className="font-semibold">{kindDescription(playDateKind(data))}</p>
          <dl className="grid grid-cols-2 gap-2">
            <div>
              <dt className="text-slate-600">Payment per hour</dt>
              <dd className="font-semibold">
                {formatPayment(data.paymentPerHourMin, data.paymentPerHourMax)}
              </dd>
            </div>
            <div>
              <dt className="text-slate-600">State</dt>
              <dd className="font-semibold">{stateName(data.state)}</dd>
            </div>
            <div className="col-span-2">
              <dt className="text-slate-600">Regions</dt>
              <dd className="font-semibold">{data.regions.map(regionLabel).join(', ')}</dd>
            </div>
          </dl>
          {data.description ? <p className="whitespace-pre-line">{data.description}</p> : null}
          {data.status === 'cancelled' && data.cancelledBy ? (
            <p className="text-red-700">
              Cancelled by {data.cancelledBy.firstName} {data.cancelledBy.lastName}
            </p>
          ) : null}
        </div>
      )}
    </Dialog>
  )
}

function Team({ heading, team, roles }: { heading: string; team: TeamSummary; roles: [string, string] }) {
  const members = [team.captain, team.partner].filter((p) => p !== null)
  return (
    <div>
      <h3 className="font-semibold">{heading}</h3>
      <ul className="mt-1 space-y-1">
        {members.map((member, index) => (
          <li key={member.id} className="flex justify-between gap-2">
            <span>
              {member.firstName} {member.lastName} <span className="text-slate-500">({roles[index]})</span>
            </span>
            <span className="text-slate-600">
              <RatingsText player={member} />
            </span>
          </li>
        ))}
      </ul>
      <p className="mt-1 text-slate-700">
        Team DUPR {team.averageDupr.toFixed(2)} · Team Self {team.averageSelf.toFixed(2)}
      </p>
    </div>
  )
}
