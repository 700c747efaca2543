import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { type FieldErrors, useFieldArray, useForm, useWatch } from 'react-hook-form'
import type { PlayDateDetail } from '../../../../domain/play-dates/play-date.schema'
import { type ReportInput, reportInput } from '../../../../domain/play-dates/results'
import { reportOutcomeLabel, reportOutcomes } from '../../../../domain/play-dates/results.rules'
import { Button } from '../../../components/ui/button'
import { Choice, ChoiceGroup, SubmitButton } from '../../../components/ui/form-controls'
import { isApiError } from '../../../lib/api-client'
import { toast } from '../../../lib/toast'
import { refetchPlayDate, useReportResult } from '../api/play-dates.queries'
import { PlayedGameFields, scoreFieldFor } from './game-scores-fields'
import { type ReportFormValues, reportFormDefaults, toReportInput } from '../lib/result-view'
import { mappedZodResolver } from '../../../lib/mapped-zod-resolver'
import { applyServerFieldErrors, FormAlert } from '../../auth'

// The inputs hold text; the domain schema checks the report made of it, with its own messages.
const resolver = mappedZodResolver<ReportFormValues, ReportInput>(reportInput, toReportInput)

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
      if (applyServerFieldErrors(error, scoreFieldFor<ReportFormValues>(['us', 'them']), setError)) return
      const message = isApiError(error) && error.status < 500 ? error.message : 'Could not report the result'
      setFormError(message)
      toast.error(message)
      // Refused because the game moved on (the other team answered, the window closed).
      if (isApiError(error) && error.code === 'conflict') void refetchPlayDate(queryClient, playDateId)
    }
  }, focusRow)

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Report the result" className="space-y-5">
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      <ChoiceGroup legend="What happened?" error={errors.outcome?.message} stacked>
        {reportOutcomes.map((value) => (
          <Choice key={value} value={value} label={reportOutcomeLabel[value]} {...register('outcome')} />
        ))}
      </ChoiceGroup>
      {outcome === 'played' ? (
        <PlayedGameFields
          register={register}
          errors={errors}
          games={games}
          sides={[
            { key: 'us', label: 'Your team' },
            { key: 'them', label: 'Them' },
          ]}
          idPrefix="game"
        />
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
