import { zodResolver } from '@hookform/resolvers/zod'
import { Plus, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { type FieldPath, type Resolver, useFieldArray, useForm, useWatch } from 'react-hook-form'
import {
  type DecideResultInput,
  decideResultInput,
  type DisputedPlayDate,
  MAX_GAMES,
  pointTargets,
} from '../../../../domain/play-dates/results'
import { Button } from '../../../components/ui/button'
import { Dialog } from '../../../components/ui/dialog'
import { Choice, ChoiceGroup, SubmitButton, TextField } from '../../../components/ui/form-controls'
import { isApiError } from '../../../lib/api-client'
import { toast } from '../../../lib/toast'
import { fullName } from '../../play-dates'
import { useDecideResult } from '../api/admin.queries'
import { type DecideFormValues, decideFormValues, toDecideInput } from './decide-form-values'

// The inputs hold text; the domain schema checks the decision made of it, with its own messages.
const checkDecision = zodResolver(decideResultInput)
const resolver: Resolver<DecideFormValues, unknown, DecideResultInput> = (values, context, options) =>
  checkDecision(
    toDecideInput(values) as DecideResultInput,
    context,
    options as unknown as Parameters<typeof checkDecision>[2],
  )

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
      if (isApiError(error) && error.fields) {
        let first = true
        for (const [name, message] of Object.entries(error.fields)) {
          if (!/^(outcome|pointsTo|absentTeam|games(\.\d+(\.(creatorTeam|respondingTeam))?)?)$/.test(name))
            continue
          const path = (name === 'games' ? 'games.root' : name) as FieldPath<DecideFormValues>
          setError(path, { type: 'server', message }, { shouldFocus: first })
          first = false
        }
        if (!first) return
      }
      const message = isApiError(error) && error.status < 500 ? error.message : 'Could not decide the result'
      setFormError(message)
      toast.error(message)
    }
  })

  const gamesError = errors.games?.root?.message ?? errors.games?.message

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Decide the result" className="space-y-5">
      {formError ? (
        <p
          role="alert"
          className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm font-medium text-red-800"
        >
          {formError}
        </p>
      ) : null}
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
        <>
          <ChoiceGroup legend="Each game to (points)" error={errors.pointsTo?.message}>
            {pointTargets.map((target) => (
              <Choice key={target} value={String(target)} label={String(target)} {...register('pointsTo')} />
            ))}
          </ChoiceGroup>
          <div>
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
            <ol className="flex flex-col gap-3">
              {games.fields.map((field, index) => {
                const rowError = errors.games?.[index]
                return (
                  <li key={field.id}>
                    <fieldset
                      className="rounded-xl border border-slate-200 p-3"
                      aria-describedby={rowError?.message ? `decide-${field.id}-error` : undefined}
                    >
                      <legend className="px-1 text-sm font-semibold text-slate-800">Game {index + 1}</legend>
                      <div className="grid grid-cols-2 items-start gap-3">
                        <TextField
                          label="Creator team"
                          inputMode="numeric"
                          pattern="[0-9]*"
                          autoComplete="off"
                          maxLength={2}
                          error={rowError?.creatorTeam?.message}
                          {...register(`games.${index}.creatorTeam`)}
                        />
                        <TextField
                          label="Responding team"
                          inputMode="numeric"
                          pattern="[0-9]*"
                          autoComplete="off"
                          maxLength={2}
                          error={rowError?.respondingTeam?.message}
                          {...register(`games.${index}.respondingTeam`)}
                        />
                      </div>
                      {rowError?.message ? (
                        <p id={`decide-${field.id}-error`} className="mt-2 text-sm font-medium text-red-700">
                          {rowError.message}
                        </p>
                      ) : null}
                    </fieldset>
                  </li>
                )
              })}
            </ol>
            {gamesError ? <p className="mt-2 text-sm font-medium text-red-700">{gamesError}</p> : null}
            <div className="mt-3 flex flex-wrap gap-2">
              {games.fields.length < MAX_GAMES ? (
                <Button
                  variant="secondary"
                  onClick={() =>
                    games.append(
                      { creatorTeam: '', respondingTeam: '' },
                      { focusName: `games.${games.fields.length}.creatorTeam` },
                    )
                  }
                >
                  <Plus aria-hidden="true" className="size-4" />
                  Add a game
                </Button>
              ) : null}
              {games.fields.length > 1 ? (
                <Button variant="ghost" onClick={() => games.remove(games.fields.length - 1)}>
                  <Trash2 aria-hidden="true" className="size-4" />
                  Remove game {games.fields.length}
                </Button>
              ) : null}
            </div>
          </div>
        </>
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
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose} disabled={decide.isPending}>
          Cancel
        </Button>
        <SubmitButton isPending={decide.isPending} pendingLabel="Saving..." className="sm:w-auto">
          Decide result
        </SubmitButton>
      </div>
    </form>
  )
}
