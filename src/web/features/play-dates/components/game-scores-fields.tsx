import { Plus, Trash2 } from 'lucide-react'
import type { ReactNode } from 'react'
import type { FieldValues, Path, UseFormRegisterReturn } from 'react-hook-form'
import { MAX_GAMES, pointTargets } from '../../../../domain/play-dates/results.rules'
import { Button } from '../../../components/ui/button'
import { Choice, ChoiceGroup, TextField } from '../../../components/ui/form-controls'

interface Message {
  message?: string
}

// What a form's validation says of a played game's fields: the points, the games as a whole, each
// game, and each side's points in it.
export interface PlayedGameErrors<Side extends string> {
  pointsTo?: Message
  games?: Message & {
    root?: Message
    [index: number]: (Message & Partial<Record<Side, Message>>) | undefined
  }
}

// Where a score form shows the server's message for a field it names: the outcome, the points, the
// games as a whole (their root), a game, or a side's points in it; `fields` names the form's others.
export function scoreFieldFor<T extends FieldValues>(
  sides: readonly string[],
  fields: readonly string[] = [],
) {
  const named = new RegExp(
    `^(outcome|pointsTo|${[...fields, `games(\\.\\d+(\\.(${sides.join('|')}))?)?`].join('|')})$`,
  )
  return (name: string) =>
    named.test(name) ? ((name === 'games' ? 'games.root' : name) as Path<T>) : undefined
}

// A played game's fields, in a form whose game rows hold each side's points under its `key`: the
// points each game went to, then the score of each game. A team's report and an admin's decision
// use it, each with its own sides ("Your team" / "Them", "Creator team" / "Responding team");
// `children` stand above the scores.
export function PlayedGameFields<Side extends string>({
  register,
  errors,
  games,
  sides,
  idPrefix,
  children,
}: {
  // react-hook-form's register and the field array of the game rows.
  register: (name: 'pointsTo' | `games.${number}.${Side}`) => UseFormRegisterReturn
  errors: PlayedGameErrors<Side>
  games: {
    fields: ReadonlyArray<{ id: string }>
    append(row: Record<Side, string>, options: { focusName: string }): void
    remove(index: number): void
  }
  sides: readonly [{ key: Side; label: string }, { key: Side; label: string }]
  idPrefix: string
  children?: ReactNode
}) {
  const [first, second] = sides
  const blankRow = { [first.key]: '', [second.key]: '' } as Record<Side, string>
  return (
    <>
      <ChoiceGroup legend="Each game to (points)" error={errors.pointsTo?.message}>
        {pointTargets.map((target) => (
          <Choice key={target} value={String(target)} label={String(target)} {...register('pointsTo')} />
        ))}
      </ChoiceGroup>
      <div>
        {children}
        <GameScoresFields
          rows={games.fields}
          sides={[first, second].map((side) => ({
            label: side.label,
            field: (index: number) => register(`games.${index}.${side.key}`),
            error: (index: number) => errors.games?.[index]?.[side.key]?.message,
          }))}
          rowError={(index) => errors.games?.[index]?.message}
          gamesError={errors.games?.root?.message ?? errors.games?.message}
          idPrefix={idPrefix}
          onAdd={() => games.append(blankRow, { focusName: `games.${games.fields.length}.${first.key}` })}
          onRemoveLast={() => games.remove(games.fields.length - 1)}
        />
      </div>
    </>
  )
}

interface ScoreSide {
  label: string
  // The input of this side's points in game `index` (react-hook-form's register result).
  field: (index: number) => UseFormRegisterReturn
  error: (index: number) => string | undefined
}

// The score of each game of a result (1 to MAX_GAMES), one row per game with both sides' points,
// and the buttons that add or remove a game.
function GameScoresFields({
  rows,
  sides,
  rowError,
  gamesError,
  idPrefix,
  onAdd,
  onRemoveLast,
}: {
  rows: ReadonlyArray<{ id: string }>
  sides: readonly ScoreSide[]
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
