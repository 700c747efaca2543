import { useState } from 'react'
import { useFieldArray, useForm, useWatch } from 'react-hook-form'
import {
  type DecideResultInput,
  decideResultInput,
  type DisputedPlayDate,
} from '../../../../domain/play-dates/results'
import { Button } from '../../../components/ui/button'
import { Dialog, FormActions } from '../../../components/ui/dialog'
import { Choice, ChoiceGroup } from '../../../components/ui/form-controls'
import { isApiError } from '../../../lib/api-client'
import { toast } from '../../../lib/toast'
import { fullName, PlayedGameFields, scoreFieldFor } from '../../play-dates'
import { useDecideResult } from '../api/admin.queries'
import { type DecideFormValues, decideFormValues, toDecideInput } from './decide-form-values'
import { mappedZodResolver } from '../../../lib/mapped-zod-resolver'
import { applyServerFieldErrors, FormAlert } from '../../auth'

// The inputs hold text; the domain schema checks the decision made of it, with its own messages.
const resolver = mappedZodResolver<DecideFormValues, DecideResultInput>(decideResultInput, toDecideInput)

const outcomeLabels = {
  played: 'They played',
  no_show: 'A team did not show',
  not_played: 'The game did not happen',
} as const

// An admin settles a disputed game: what happened, told from the creator team's side.
export function DecideResultDialog({
  dispute,
  onClose,
}: {
  dispute: DisputedPlayDate | null
  onClose: () => void
}) {
  return (
    <Dialog
      open={dispute !== null}
      title="Decide the result"
      description={dispute ? `${dispute.creatorTeam} vs ${dispute.respondingTeam}` : undefined}
      onClose={onClose}
    >
      {dispute ? <DecideForm key={dispute.id} dispute={dispute} onClose={onClose} /> : null}
    </Dialog>
  )
}

function DecideForm({ dispute, onClose }: { dispute: DisputedPlayDate; onClose: () => void }) {
  const decide = useDecideResult()
  const [formError, setFormError] = useState<string | null>(null)
  const {
    register,
    control,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<DecideFormValues, unknown, DecideResultInput>({ resolver, defaultValues: decideFormValues() })
  const games = useFieldArray({ control, name: 'games' })
  const outcome = useWatch({ control, name: 'outcome' })
  const teams = { creator: dispute.creatorTeam, responding: dispute.respondingTeam }

  const onSubmit = handleSubmit(async (decision) => {
    setFormError(null)
    try {
      await decide.mutateAsync({ id: dispute.id, decision })
      toast.success('Result decided')
      onClose()
    } catch (error) {
      const fieldFor = scoreFieldFor<DecideFormValues>(['creatorTeam', 'respondingTeam'], ['absentTeam'])
      if (applyServerFieldErrors(error, fieldFor, setError)) return
      const message = isApiError(error) && error.status < 500 ? error.message : 'Could not decide the result'
      setFormError(message)
      toast.error(message)
    }
  })

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Decide the result" className="space-y-5">
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      <div className="flex flex-col gap-2">
        <p className="text-sm text-slate-600">Start from a team’s report, or fill in the form.</p>
        {dispute.reports.map((report) => (
          <Button
            key={report.team}
            variant="secondary"
            className="whitespace-normal"
            onClick={() => reset(decideFormValues(report.outcome))}
          >
            Use {fullName(report.reporter)}’s report
          </Button>
        ))}
      </div>
      <ChoiceGroup legend="What happened?" error={errors.outcome?.message} stacked>
        {(['played', 'no_show', 'not_played'] as const).map((value) => (
          <Choice key={value} value={value} label={outcomeLabels[value]} {...register('outcome')} />
        ))}
      </ChoiceGroup>
      {outcome === 'played' ? (
        <PlayedGameFields
          register={register}
          errors={errors}
          games={games}
          sides={[
            { key: 'creatorTeam', label: 'Creator team' },
            { key: 'respondingTeam', label: 'Responding team' },
          ]}
          idPrefix="decide"
        >
          <dl className="mb-3 grid gap-1 rounded-lg bg-slate-50 p-3 text-sm">
            <div>
              <dt className="inline font-semibold">Creator team: </dt>
              <dd className="inline">{teams.creator}</dd>
            </div>
            <div>
              <dt className="inline font-semibold">Responding team: </dt>
              <dd className="inline">{teams.responding}</dd>
            </div>
          </dl>
        </PlayedGameFields>
      ) : null}
      {outcome === 'no_show' ? (
        <ChoiceGroup legend="Which team did not show?" error={errors.absentTeam?.message} stacked>
          <Choice value="creator" label={`${teams.creator} (creator team)`} {...register('absentTeam')} />
          <Choice
            value="responding"
            label={`${teams.responding} (responding team)`}
            {...register('absentTeam')}
          />
        </ChoiceGroup>
      ) : null}
      <FormActions onCancel={onClose} isPending={decide.isPending} pendingLabel="Saving...">
        Decide result
      </FormActions>
    </form>
  )
}
