import { OverlapWarning } from './overlap-warning'
import { PlayDateWhen, PlayDateWhere } from './play-date-when'
import { ArrowLeft, Send } from 'lucide-react'
import { useEffect, useId, useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { toast } from '../../../lib/toast'
import { kindDescription, playDateKind } from '../../../../domain/play-dates/play-date.constants'
import { formatPayment, teamPays } from '../../../../domain/play-dates/play-date.rules'
import { Button } from '../../../components/ui/button'
import { Card } from '../../../components/ui/card'
import { PageLoading, Spinner } from '../../../components/ui/spinner'
import { isApiError } from '../../../lib/api-client'
import { useApplyToPlayDate, usePartnerOptions, usePlayDate } from '../api/play-dates.queries'
import { applyMessages, describeApplyError } from '../lib/apply-errors'
import { LocationChips, StatusBadge, TypeChip } from './play-date-badges'
import { isMissing, PlayDateNotFound } from './play-date-not-found'
import { FriendsPartnerPicker } from './partner-picker'
import { TeamRoster } from './team-roster'
import { SpotsAndRange } from './join-alone-range'
import { outcome } from '../../../lib/outcome'
import { JoinAloneChoice } from './wizard-who-joins'
import { waitlistPositionText } from '../../../../domain/play-dates/offers'

export function ApplyToPlayDate({ id }: { id: string }) {
  const navigate = useNavigate()
  const query = usePlayDate(id)
  const partners = usePartnerOptions({ playDateId: id })
  const apply = useApplyToPlayDate(id)
  const [partnerId, setPartnerId] = useState<string>()
  const [alone, setAlone] = useState(false)
  const hintId = useId()

  const loadError = query.error
  useEffect(() => {
    if (!loadError || isMissing(loadError) || (isApiError(loadError) && loadError.code === 'forbidden'))
      return
    toast.error(applyMessages.loadFailed, { id: `apply-${id}` })
    void navigate('/playdates', { replace: true })
  }, [loadError, id, navigate])

  // A full game takes applications to its waitlist until it starts (docs/decisions/0152).
  const full = query.data?.status === 'matched'
  const closed = query.data !== undefined && query.data.status !== 'open' && !full
  useEffect(() => {
    if (!closed) return
    toast.error(applyMessages.noLongerAvailable, { id: `apply-${id}` })
    void navigate('/playdates', { replace: true })
  }, [closed, id, navigate])

  useEffect(() => {
    if (partners.isError) toast.error(applyMessages.friendsFailed, { id: 'partner-options' })
  }, [partners.isError])

  if (query.isPending) return <PageLoading />
  if (query.isError) {
    return isMissing(query.error) || (isApiError(query.error) && query.error.code === 'forbidden') ? (
      <PlayDateNotFound detail="This PlayDate doesn't exist or you don't have access." />
    ) : (
      <PageLoading />
    )
  }
  const playDate = query.data
  if (closed) return <PageLoading />
  const team = playDate.creatorTeam
  const kind = playDateKind(playDate)
  const options = partners.data ?? []
  // Friends who cannot apply with the player: on the creator team, or applied already (or on the
  // waitlist), which the server would refuse.
  const unavailable = new Map([
    ...options
      .filter((o) => o.appliedToPlayDate)
      .map((o) => [o.id, 'Already applied to this PlayDate'] as const),
    ...[team.captain, team.partner]
      .filter((p) => p !== null)
      .map((p) => [p.id, 'Already on this PlayDate'] as const),
  ])
  const chosen = options.find((o) => o.id === partnerId && !unavailable.has(o.id))
  const blocked = playDate.viewer.isCreatorTeam
    ? 'This is your own PlayDate: you cannot apply to it.'
    : playDate.viewer.myRequest
      ? applyMessages.alreadyApplied
      : null

  // A pair needs the other side's two spots; one spot anywhere takes a player alone. On a full
  // game's waitlist either may wait.
  const pairFits = full || playDate.spots.otherSide === 2
  const submit = () => {
    if (!chosen && !alone) {
      toast.error(applyMessages.selectFriend)
      return
    }
    outcome(apply.mutateAsync(alone || !chosen ? { alone: true } : { partnerId: chosen.id }), {
      onSuccess: (created) => {
        toast.success(
          created.position !== undefined ? waitlistPositionText(created.position) : applyMessages.submitted,
        )
        void navigate(`/playdates/${id}`)
      },
      onError: (error) => {
        const { message, gone } = describeApplyError(error)
        toast.error(message)
        if (gone) void navigate('/playdates')
      },
    })
  }

  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-4 sm:gap-6">
      <header>
        <h1 className="text-title font-bold tracking-tight text-slate-900 sm:text-3xl">
          {full ? 'Join the waitlist' : 'Apply to PlayDate'}
        </h1>
        <p className="mt-1 text-slate-600">
          {full
            ? 'Every spot is taken. When a player drops out, the spot is offered in turn to the first on the waitlist who fits.'
            : 'Pick the friend who plays with you, or join alone, then submit your application.'}
        </p>
      </header>
      <Card>
        <div className="flex flex-wrap items-center gap-2">
          <TypeChip kind={kind} />
          <StatusBadge status={playDate.status} />
        </div>
        <h2 className="mt-2 text-lg font-bold text-slate-900">{kindDescription(kind)}</h2>
        <p className="mt-1 text-xl font-bold text-brand-800">
          {formatPayment(playDate.paymentPerHourMin, playDate.paymentPerHourMax)}
        </p>
        {kind === 'free' ? null : (
          <p className="text-sm text-slate-700">
            {teamPays(playDate.type, false)
              ? 'Your team pays this to the creator team, for you and your partner together.'
              : 'The creator team pays this to your team, for you and your partner together.'}
          </p>
        )}
        <div className="mt-2 space-y-1">
          <PlayDateWhen schedule={playDate} />
          <PlayDateWhere place={playDate} />
          <LocationChips state={playDate.state} regions={playDate.regions} />
        </div>
        <p className="mt-2 text-sm font-semibold text-brand-800">
          <SpotsAndRange spots={playDate.spots} range={playDate.duprRange} />
        </p>
        <h3 className="mt-4 font-semibold text-slate-900">Creator Team</h3>
        <TeamRoster team={team} tags={['Creator', 'Partner']} />
      </Card>
      <Card>
        <h2 className="mb-3 text-lg font-bold text-slate-900">Your Partner</h2>
        {blocked ? (
          <p role="status" className="rounded-xl bg-amber-50 p-4 text-amber-900">
            {blocked}{' '}
            <Link to={`/playdates/${id}`} className="font-semibold underline underline-offset-2">
              View the PlayDate
            </Link>
          </p>
        ) : (
          <>
            <JoinAloneChoice
              selected={alone}
              onChange={(selected) => {
                setAlone(selected)
                if (selected) setPartnerId(undefined)
              }}
            />
            {pairFits ? (
              <FriendsPartnerPicker
                friends={partners}
                selectedId={alone ? undefined : chosen?.id}
                onChange={(next) => {
                  setPartnerId(next)
                  if (next) setAlone(false)
                }}
                requirement="Apply with a friend as partner, or join alone"
                unavailable={unavailable}
              />
            ) : (
              <p className="rounded-xl bg-slate-50 p-3 text-sm text-slate-700">
                One spot is left on the other side: only a player joining alone can take it.
              </p>
            )}
          </>
        )}
        {!blocked && options.length > 0 && !chosen && !alone ? (
          <p id={hintId} className="mt-3 text-sm text-slate-600">
            {/* With no friend to pick (each applied already, or one spot left), joining alone is the way. */}
            {pairFits && options.some((o) => !unavailable.has(o.id))
              ? applyMessages.selectFriend
              : applyMessages.joinAlone}
          </p>
        ) : null}
      </Card>
      {playDate.startsAt ? (
        <OverlapWarning
          start={new Date(playDate.startsAt)}
          durationMinutes={playDate.durationMinutes}
          except={playDate.id}
        />
      ) : null}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        <Button variant="secondary" onClick={() => void navigate('/playdates')} disabled={apply.isPending}>
          <ArrowLeft aria-hidden="true" className="size-4" />
          Cancel
        </Button>
        <Button
          size="lg"
          onClick={submit}
          disabled={(!chosen && !alone) || apply.isPending || blocked !== null}
          aria-busy={apply.isPending || undefined}
          aria-describedby={!chosen && !alone ? hintId : undefined}
        >
          {apply.isPending ? (
            <Spinner className="size-5 text-white" />
          ) : (
            <Send aria-hidden="true" className="size-4" />
          )}
          {full ? 'Join the waitlist' : 'Submit Application'}
        </Button>
      </div>
    </div>
  )
}
