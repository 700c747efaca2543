import { formatStart, TIME_TO_BE_AGREED } from './schedule'

// What every notice about a PlayDate calls its game, in the app, by email and by push: its start
// in the game's own zone and its venue (or the place typed for it), "Sat, Dec 5 · 8:00 AM MST at
// Red Mountain Pickleball Park". The one label, so a notice reads the same on every channel.
export interface LabelledGame {
  startsAt: Date | string | null
  timeZone: string | null
  // The venue's name, or else the place typed for the game.
  venue?: string | null
  place?: string | null
}

export function gameLabel(game: LabelledGame): string {
  const when =
    game.startsAt && game.timeZone ? formatStart(new Date(game.startsAt), game.timeZone) : TIME_TO_BE_AGREED
  const where = game.venue?.trim() || game.place?.trim()
  return where ? `${when} at ${where}` : when
}
