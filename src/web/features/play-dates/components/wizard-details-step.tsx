import { useId, useState } from 'react'
import { Navigate, useNavigate, useSearchParams } from 'react-router'
import { toast } from '../../../lib/toast'
import {
  AMOUNT_MAX,
  AMOUNT_STEP,
  amountTooHigh,
  DESCRIPTION_MAX,
  regionLabel,
  stateName,
  typeLabel,
} from '../../../../domain/play-dates/play-date.constants'
import { durationLabel, formatStart, priceLine, zonedInstant } from '../../../../domain/play-dates/schedule'
import { TextAreaField, TextField } from '../../../components/ui/form-controls'
import { DotParts } from '../../../components/ui/dot-parts'
import { RANGE_ORDER } from '../../../../domain/play-dates/play-date.schema'
import { useCreatePlayDate, usePartnerOptions } from '../api/play-dates.queries'
import { useRequestKeys } from '../../../lib/request-key'
import { fullName } from '../lib/play-date-view'
import {
  amountNote,
  amountOrDefault,
  amountTitle,
  type DetailsStep,
  firstMissingDetailsStep,
  parseAmount,
  parseDetailsStep,
  scheduleOrDefault,
  startFieldError,
  WIZARD_PATHS,
} from '../lib/wizard-draft'
import { type WhenWhere, WhenWhereFields } from './wizard-when-where'
import { FriendsPartnerPicker } from './partner-picker'
import { WizardFrame } from './wizard-frame'
import { useMissingStep } from './wizard-steps'
import { outcome } from '../../../lib/outcome'
import { useNow } from '../../../lib/use-now'
import { useVenues } from '../../venues'
import { venueAddressLine } from '../../../../domain/venues/venue.constants'
import { useSession } from '../../auth'
import {
  defaultDuprRange,
  joiningRating,
  rangeText,
  type DuprRange,
} from '../../../../domain/play-dates/spots'
import { DuprRangeFields, PartnerWantedChoice } from './wizard-who-joins'
import { type GroupGame, GroupGameChoice, groupGameText, type PostableGroup } from './wizard-group-choice'

const subSteps: Record<DetailsStep, { number: number; name: string }> = {
  partner: { number: 1, name: 'Partner' },
  amount: { number: 2, name: 'Amount, time and place' },
  description: { number: 3, name: 'Description' },
}

// The last step, in three parts (partner, amount, description); the part is in the URL
// (?step=amount) so the browser's Back button walks through them too. `groups`: those the player
// may post a game for (the last part asks who can join).
export function DetailsStepPage({ groups = [] }: { groups?: readonly PostableGroup[] }) {
  const { draft, update, cancel, finish, redirect } = useMissingStep('details')
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const asked = parseDetailsStep(params.get('step'))
  const step = firstMissingDetailsStep(draft, asked)
  const partners = usePartnerOptions()
  const create = useCreatePlayDate()
  const requestKeys = useRequestKeys()
  const [partnerId, setPartnerId] = useState(draft.partnerId)
  const [partnerWanted, setPartnerWanted] = useState(draft.partnerWanted ?? false)
  const me = useSession().user
  // The range the creator set, or none yet: then their team's rating ±0.5.
  const [rangeSet, setRangeSet] = useState<DuprRange | null>(
    draft.minDupr !== undefined && draft.maxDupr !== undefined
      ? { min: draft.minDupr, max: draft.maxDupr }
      : null,
  )
  const [amount, setAmount] = useState(amountOrDefault(draft))
  // Said under the amount, where it is typed, and under Next, which waits for it.
  const amountError =
    amount > AMOUNT_MAX ? amountTooHigh : amount <= 0 ? 'Enter an amount above $0' : undefined
  const amountInvalid = amountError !== undefined
  const [description, setDescription] = useState(draft.description ?? '')
  const [groupGame, setGroupGame] = useState<GroupGame>({
    groupId: draft.groupId ?? null,
    audience: draft.groupAudience ?? 'members_first',
  })
  // A group from the draft the player can no longer post for is no choice.
  const groupId = groups.some((g) => g.id === groupGame.groupId) ? groupGame.groupId : null
  const [whenWhere, setWhenWhere] = useState<WhenWhere>(() => scheduleOrDefault(draft, new Date()))
  const placeMissing = whenWhere.place !== null && whenWhere.place.trim() === ''
  // Read again every half minute: a start that was soon enough may stop being so on the page.
  const now = useNow(30_000)
  const startError = startFieldError(whenWhere, now)
  const whenWhereInvalid =
    !zonedInstant(whenWhere.startDate, whenWhere.startTime, whenWhere.timeZone) ||
    placeMissing ||
    startError !== null
  // The chosen venue, for the summary before Create (the amount step loaded the same list).
  const venues = useVenues(draft.state, draft.regions ?? [])
  const venue = whenWhere.venueId ? venues.data?.items.find((v) => v.id === whenWhere.venueId) : undefined
  // Each part's reason Next is unavailable, under the button.
  const nextHintIds = { partner: useId(), amount: useId(), description: useId() }

  if (redirect) return redirect
  if (step !== asked) return <Navigate to={`${WIZARD_PATHS.details}?step=${step}`} replace />
  const type = draft.type ?? 'challenge'
  const goTo = (next: DetailsStep) => void navigate(`${WIZARD_PATHS.details}?step=${next}`)
  const options = partners.data ?? []
  // A partner chosen earlier who is no longer a friend is no choice at all.
  const chosen = partners.data ? options.find((o) => o.id === partnerId) : undefined
  if (step !== 'partner' && partners.data && !chosen && !partnerWanted) {
    return <Navigate to={`${WIZARD_PATHS.details}?step=partner`} replace />
  }
  const teamRating = me ? joiningRating(chosen && !partnerWanted ? [me, chosen] : [me]) : null
  const range = rangeSet ?? (teamRating === null ? null : defaultDuprRange(teamRating))
  const rangeFields = range ? { minDupr: range.min, maxDupr: range.max } : {}
  const partnerChosen = Boolean(chosen) || partnerWanted
  const rangeInverted = range !== null && range.min > range.max

  const submit = () => {
    if ((!chosen && !partnerWanted) || !draft.type || !draft.state || !draft.regions) return
    const input = {
      type: draft.type,
      state: draft.state,
      regions: draft.regions,
      ...(partnerWanted || !chosen ? { partnerWanted: true } : { partnerId: chosen.id }),
      ...rangeFields,
      amount,
      description: description.trim(),
      ...whenWhere,
      place: whenWhere.place?.trim() || null,
      ...(groupId ? { groupId, groupAudience: groupGame.audience } : {}),
    }
    // Created again after an error, the same PlayDate carries the same key: created once,
    // whatever became of the first try's answer.
    outcome(create.mutateAsync({ ...input, requestKey: requestKeys.keyFor(input) }), {
      onSuccess: (created) => {
        requestKeys.sent()
        toast.success('PlayDate created successfully')
        finish(created.id)
      },
      onError: (error) => {
        toast.error(error.message)
      },
    })
  }

  const frame = {
    step: 3 + subSteps[step].number,
    title: 'PlayDate Details',
    subtitle: subSteps[step].name,
    onCancel: cancel,
  }

  if (step === 'partner') {
    return (
      <WizardFrame
        {...frame}
        onBack={() => {
          update({ partnerId, partnerWanted })
          void navigate(WIZARD_PATHS.region)
        }}
        nextLabel="Next"
        nextDisabled={!partnerChosen || rangeInverted}
        nextHint={{
          id: nextHintIds.partner,
          text: partnerChosen ? RANGE_ORDER : 'Choose a partner or Partner wanted to continue',
        }}
        onNext={() => {
          update({
            partnerId: partnerWanted ? undefined : chosen?.id,
            partnerWanted,
            ...(rangeSet ? rangeFields : {}),
          })
          goTo('amount')
        }}
      >
        <h2 className="mb-3 text-lg font-bold text-slate-900">Choose Your Partner</h2>
        <PartnerWantedChoice
          selected={partnerWanted}
          onChange={(selected) => {
            setPartnerWanted(selected)
            if (selected) setPartnerId(undefined)
          }}
        />
        <FriendsPartnerPicker
          friends={partners}
          selectedId={partnerWanted ? undefined : chosen?.id}
          onChange={(id) => {
            setPartnerId(id)
            if (id) setPartnerWanted(false)
          }}
          requirement="You need at least one friend to create a PlayDate with a partner, or choose Partner wanted"
        />
        {range ? (
          <DuprRangeFields
            range={range}
            onChange={setRangeSet}
            basis={`Starts at your ${partnerWanted || !chosen ? 'own rating' : "team's rating"} ±0.5.`}
          />
        ) : null}
      </WizardFrame>
    )
  }

  if (step === 'amount') {
    return (
      <WizardFrame
        {...frame}
        onBack={() => {
          update({ amount, ...whenWhere })
          goTo('partner')
        }}
        nextLabel="Next"
        nextDisabled={amountInvalid || whenWhereInvalid}
        nextHint={{
          id: nextHintIds.amount,
          text:
            amountError ??
            (placeMissing
              ? 'Say where you will play'
              : (startError?.message ?? 'Choose a time that exists on that day')),
        }}
        onNext={() => {
          update({ amount, ...whenWhere })
          goTo('description')
        }}
      >
        <TextField
          titled
          label={amountTitle(type)}
          type="number"
          inputMode="numeric"
          min={0}
          max={AMOUNT_MAX}
          step={AMOUNT_STEP}
          value={amount}
          onChange={(event) => setAmount(parseAmount(event.target.value))}
          adornment={<span className="text-lg">$</span>}
          hint={`${amountNote(type)} Whole dollars per hour.`}
          error={amountError}
          controlClassName="min-h-12 max-w-48 pl-7 text-lg font-semibold"
        />
        <WhenWhereFields
          value={whenWhere}
          onChange={(next) => {
            setWhenWhere(next)
            update(next)
          }}
          state={draft.state ?? 'AZ'}
          regions={draft.regions ?? []}
          startError={startError}
        />
      </WizardFrame>
    )
  }

  const remaining = DESCRIPTION_MAX - description.length
  return (
    <WizardFrame
      {...frame}
      onBack={() => {
        update({ description })
        goTo('amount')
      }}
      nextLabel="Create PlayDate"
      nextDisabled={!partnerChosen || startError !== null}
      nextHint={{
        id: nextHintIds.description,
        text: startError
          ? `${startError.message}: go Back to change the start`
          : 'Choose a partner to create your PlayDate',
      }}
      busy={create.isPending}
      onNext={submit}
    >
      <TextAreaField
        titled
        label="Description (optional)"
        value={description}
        maxLength={DESCRIPTION_MAX}
        rows={5}
        onChange={(event) => {
          setDescription(event.target.value)
          update({ description: event.target.value })
        }}
        hint={
          <>
            Tell the other team about your level, when you can play and anything else that helps.{' '}
            <span className="block text-right">
              {description.length}/{DESCRIPTION_MAX}
              <span className="sr-only"> characters, {remaining} left</span>
            </span>
          </>
        }
      />
      {groups.length > 0 ? (
        <GroupGameChoice
          groups={groups}
          value={{ ...groupGame, groupId }}
          onChange={(next) => {
            setGroupGame(next)
            update({ groupId: next.groupId ?? undefined, groupAudience: next.audience })
          }}
        />
      ) : null}
      <div className="mt-4 rounded-xl bg-slate-50 p-4 text-sm">
        <h3 className="font-semibold text-slate-900">Your PlayDate</h3>
        {/* On a phone each value goes under its term, the card's whole width: beside the terms
            ("Who may join alone") a venue's name or the start had a third of it. */}
        <dl className="mt-2 grid gap-x-4 text-slate-700 sm:grid-cols-[auto_1fr] sm:gap-y-1 [&>dt:not(:first-child)]:mt-2 sm:[&>dt:not(:first-child)]:mt-0">
          <dt className="font-semibold text-slate-900">Type</dt>
          <dd>{typeLabel(type)}</dd>
          <dt className="font-semibold text-slate-900">Where</dt>
          <dd>
            {stateName(draft.state ?? '')}: {(draft.regions ?? []).map(regionLabel).join(', ')}
          </dd>
          <dt className="font-semibold text-slate-900">Partner</dt>
          <dd>{partnerWanted ? 'Partner wanted' : chosen ? fullName(chosen) : '...'}</dd>
          {range ? (
            <>
              <dt className="font-semibold text-slate-900">Who may join alone</dt>
              <dd>DUPR {rangeText(range)}</dd>
            </>
          ) : null}
          <dt className="font-semibold text-slate-900">When</dt>
          <dd>
            {(() => {
              const start = zonedInstant(whenWhere.startDate, whenWhere.startTime, whenWhere.timeZone)
              return start ? (
                <DotParts
                  text={`${formatStart(start, whenWhere.timeZone)} · ${durationLabel(whenWhere.durationMinutes)}`}
                />
              ) : (
                '...'
              )
            })()}
          </dd>
          <dt className="font-semibold text-slate-900">Venue</dt>
          <dd>
            {venue ? (
              <>
                <span className="block font-medium text-slate-900">{venue.name}</span>
                <span className="block">{venueAddressLine(venue)}</span>
              </>
            ) : whenWhere.venueId ? (
              '...'
            ) : whenWhere.place?.trim() ? (
              // Whole, however it was typed: a word longer than the line breaks inside.
              <span className="break-words">{whenWhere.place.trim()}</span>
            ) : (
              'To be agreed in the chat'
            )}
          </dd>
          <dt className="font-semibold text-slate-900">Amount</dt>
          <dd>
            <DotParts text={priceLine(amount, whenWhere.durationMinutes)} />
          </dd>
          {groups.length > 0 ? (
            <>
              <dt className="font-semibold text-slate-900">Who can join</dt>
              <dd>{groupGameText(groups, { ...groupGame, groupId })}</dd>
            </>
          ) : null}
        </dl>
      </div>
    </WizardFrame>
  )
}
