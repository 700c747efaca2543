import { Plus, Trash2 } from 'lucide-react'
import type { UseFormRegisterReturn } from 'react-hook-form'
import { MAX_GAMES } from '../../../../domain/play-dates/results.rules'
import { Button } from '../../../components/ui/button'
import { TextField } from '../../../components/ui/form-controls'

export interface ScoreSide {
  label: string
  // The input of this side's points in game `index` (react-hook-form's register result).
  field: (index: number) => UseFormRegisterReturn
  error: (index: number) => string | undefined
}

// The score of each game of a result (1 to MAX_GAMES), one row per game with both sides' points,
// and the buttons that add or remove a game. A team's report and an admin's decision use it, each
// with its own sides ("Your team" / "Them", "Creator team" / "Responding team").
export function GameScoresFields({
  rows,
  sides,
  rowError,
  gamesError,
  idPrefix,
  onAdd,
  onRemoveLast,
}: {
  rows: ReadonlyArray<{ id: string }>
  sides: readonly [ScoreSide, ScoreSide]
  rowError: (index: number) => string | undefined
  gamesError?: string
  idPrefix: string
  onAdd: () => void
  onRemoveLast: () => void
}) {
  return (
    <>
      <ol className="flex flex-col gap-3">
        {rows.map((row, index) => {
          const error = rowError(index)
          const errorId = `${idPrefix}-${row.id}-error`
          return (
            <li key={row.id}>
              <fieldset
                className="rounded-xl border border-slate-200 p-3"
                aria-describedby={error ? errorId : undefined}
              >
                <legend className="px-1 text-sm font-semibold text-slate-800">Game {index + 1}</legend>
                <div className="grid grid-cols-2 items-start gap-3">
                  {sides.map((side) => (
                    <TextField
                      key={side.label}
                      label={side.label}
                      inputMode="numeric"
                      pattern="[0-9]*"
                      autoComplete="off"
                      maxLength={2}
                      error={side.error(index)}
                      {...side.field(index)}
                    />
                  ))}
                </div>
                {error ? (
                  <p id={errorId} className="mt-2 text-sm font-medium text-red-700">
                    {error}
                  </p>
                ) : null}
              </fieldset>
            </li>
          )
        })}
      </ol>
      {gamesError ? <p className="mt-2 text-sm font-medium text-red-700">{gamesError}</p> : null}
      <div className="mt-3 flex flex-wrap gap-2">
        {rows.length < MAX_GAMES ? (
          <Button variant="secondary" onClick={onAdd}>
            <Plus aria-hidden="true" className="size-4" />
            Add a game
          </Button>
        ) : null}
        {rows.length > 1 ? (
          <Button variant="ghost" onClick={onRemoveLast}>
            <Trash2 aria-hidden="true" className="size-4" />
            Remove game {rows.length}
          </Button>
        ) : null}
      </div>
    </>
  )
}
