import { zodResolver } from '@hookform/resolvers/zod'
import { useQueryClient } from '@tanstack/react-query'
import { Plus, Trash2 } from 'lucide-react'
import { useState } from 'react'
import {
  type FieldErrors,
  type FieldPath,
  type Resolver,
  useFieldArray,
  useForm,
  useWatch,
} from 'react-hook-form'
import type { PlayDateDetail } from '../../../../domain/play-dates/play-date.schema'
import {
  MAX_GAMES,
  pointTargets,
  type ReportInput,
  reportInput,
  reportOutcomeLabel,
  reportOutcomes,
} from '../../../../domain/play-dates/results'
import { Button } from '../../../components/ui/button'
import { Choice, ChoiceGroup, SubmitButton, TextField } from '../../../components/ui/form-controls'
import { isApiError } from '../../../lib/api-client'
import { toast } from '../../../lib/toast'
import { refetchPlayDate, useReportResult } from '../api/play-dates.queries'
import { emptyGame, type ReportFormValues, reportFormDefaults, toReportInput } from '../lib/result-view'

// The inputs hold text; the domain schema checks the report made of it, with its own messages.
const checkReport = zodResolver(reportInput)
const resolver: Resolver<ReportFormValues, unknown, ReportInput> = (values, context, options) =>
  checkReport(
    toReportInput(values) as ReportInput,
    context,
    options as unknown as Parameters<typeof checkReport>[2],
  )

// What the reporting team is told, by what its report made of the game.
function reportedMessage(detail: PlayDateDetail) {
  switch (detail.result?.state) {
    case 'settled':
      return 'Result reported: both teams agree'
    case 'disputed':
      return 'Result reported. The reports differ: an admin will decide'
    default:
      return 'Result reported. The other team can confirm it'
  }
}

// A team's report of its game: what happened and, if it was played, the score of each game from
// the team's own side.
export function ReportResultForm({ playDateId, onCancel }: { playDateId: string; onCancel?: () => void }) {
  const queryClient = useQueryClient()
  const report = useReportResult(playDateId)
  const [formError, setFormError] = useState<string | null>(null)
  const {
    register,
    control,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors },
  } = useForm<ReportFormValues, unknown, ReportInput>({ resolver, defaultValues: reportFormDefaults() })
  const games = useFieldArray({ control, name: 'games' })
  const outcome = useWatch({ control, name: 'outcome' })

  // A game's own error (a score that breaks the rules, a third game too many) sits on its row:
  // focus its first input.
  const focusRow = (invalid: FieldErrors<ReportFormValues>) => {
    const row = invalid.games?.findIndex?.((game) => Boolean(game?.message))
    if (row !== undefined && row >= 0 && !invalid.outcome && !invalid.pointsTo) setFocus(`games.${row}.us`)
  }

  const onSubmit = handleSubmit(async (input) => {
    setFormError(null)
    try {
      const detail = await report.mutateAsync(input)
      toast.success(reportedMessage(detail))
    } catch (error) {
      if (isApiError(error) && error.fields) {
        let first = true
        for (const [name, message] of Object.entries(error.fields)) {
          if (!/^(outcome|pointsTo|games(\.\d+(\.(us|them))?)?)$/.test(name)) continue
          const path = (name === 'games' ? 'games.root' : name) as FieldPath<ReportFormValues>
          setError(path, { type: 'server', message }, { shouldFocus: first })
          first = false
        }
        if (!first) return
      }
      const message = isApiError(error) && error.status < 500 ? error.message : 'Could not report the result'
      setFormError(message)
      toast.error(message)
      // Refused because the game moved on (the other team answered, the window closed).
      if (isApiError(error) && error.code === 'conflict') void refetchPlayDate(queryClient, playDateId)
    }
  }, focusRow)

  const gamesError = errors.games?.root?.message ?? errors.games?.message

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Report the result" className="space-y-5">
      {formError ? (
        <p
          role="alert"
          className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm font-medium text-red-800"
        >
          {formError}
        </p>
      ) : null}
      <ChoiceGroup legend="What happened?" error={errors.outcome?.message} stacked>
        {reportOutcomes.map((value) => (
          <Choice key={value} value={value} label={reportOutcomeLabel[value]} {...register('outcome')} />
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
            <ol className="flex flex-col gap-3">
              {games.fields.map((field, index) => {
                const rowError = errors.games?.[index]
                return (
                  <li key={field.id}>
                    <fieldset
                      className="rounded-xl border border-slate-200 p-3"
                      aria-describedby={rowError?.message ? `game-${field.id}-error` : undefined}
                    >
                      <legend className="px-1 text-sm font-semibold text-slate-800">Game {index + 1}</legend>
                      <div className="grid grid-cols-2 items-start gap-3">
                        <TextField
                          label="Your team"
                          inputMode="numeric"
                          pattern="[0-9]*"
                          autoComplete="off"
                          maxLength={2}
                          error={rowError?.us?.message}
                          {...register(`games.${index}.us`)}
                        />
                        <TextField
                          label="Them"
                          inputMode="numeric"
                          pattern="[0-9]*"
                          autoComplete="off"
                          maxLength={2}
                          error={rowError?.them?.message}
                          {...register(`games.${index}.them`)}
                        />
                      </div>
                      {rowError?.message ? (
                        <p id={`game-${field.id}-error`} className="mt-2 text-sm font-medium text-red-700">
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
                  onClick={() => games.append(emptyGame(), { focusName: `games.${games.fields.length}.us` })}
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
      <div className="flex flex-col-reverse gap-2 sm:flex-row">
        {onCancel ? (
          <Button variant="secondary" onClick={onCancel} disabled={report.isPending}>
            Cancel
          </Button>
        ) : null}
        <SubmitButton isPending={report.isPending} pendingLabel="Reporting..." className="sm:w-auto">
          Report result
        </SubmitButton>
      </div>
    </form>
  )
}
