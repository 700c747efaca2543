import { z } from 'zod'
import { playDateSummary, teamSummary } from './play-date.schema'
import { gameOutcome, reporterView, teamSides } from './results'
import { photoUrlField } from '../players/profile-photo'

// The dashboard's "what's next" (docs/decisions/0090-home-whats-next.md): the player's next
// games, what waits for them on their PlayDates, and open games that suit them this week.

export const HOME_NEXT_GAMES = 3
export const HOME_WAITING_MAX = 10
export const HOME_SUGGESTED = 4
// Suggested games are within this much of the player's rating (the team average shown).
export const SUGGESTED_RATING_SPREAD = 0.75

export const homeGame = playDateSummary.extend({ respondingTeam: teamSummary.nullable() })
export type HomeGame = z.infer<typeof homeGame>

// An application to one of the player's open PlayDates, to accept or decline.
export const applicationToDecide = z.object({
  requestId: z.string(),
  playDateId: z.string(),
  startsAt: z.string().nullable(),
  timeZone: z.string().nullable(),
  team: teamSummary,
  createdAt: z.string(),
})
export type ApplicationToDecide = z.infer<typeof applicationToDecide>

// The player's own application still waiting: for the creator team's answer ('pending'), or on a
// full game's waitlist at its place ('waitlisted', 1 for the first in line).
export const myApplication = z.object({
  requestId: z.string(),
  playDateId: z.string(),
  status: z.enum(['pending', 'waitlisted']),
  position: z.number().int().positive().nullable(),
  alone: z.boolean(),
  label: z.string(),
})
export type MyApplication = z.infer<typeof myApplication>

// A game that has started and that no team has reported yet, for the player's team to report.
// (A game the other team reported waits as a result to confirm instead.)
export const gameToReport = z.object({
  playDateId: z.string(),
  startsAt: z.string(),
  timeZone: z.string().nullable(),
  // The game as every notice names it (game-label.ts).
  label: z.string(),
})
export type GameToReport = z.infer<typeof gameToReport>

// A result the other team reported, for the player's team to confirm or answer.
export const resultToConfirm = z.object({
  playDateId: z.string(),
  startsAt: z.string().nullable(),
  timeZone: z.string().nullable(),
  label: z.string(),
  myTeam: z.enum(teamSides),
  // With their face on the dashboard.
  reportedBy: reporterView.extend({ photoUrl: photoUrlField }),
  outcome: gameOutcome,
  standsAt: z.string(),
})
export type ResultToConfirm = z.infer<typeof resultToConfirm>

export const homeOutput = z.object({
  nextGames: z.array(homeGame),
  applications: z.array(applicationToDecide),
  myApplications: z.array(myApplication),
  toReport: z.array(gameToReport),
  results: z.array(resultToConfirm),
  suggested: z.array(playDateSummary),
  // What the suggestions were chosen by, so the page can say so and link to the full list.
  suggestedBy: z.object({
    state: z.string().nullable(),
    region: z.string().nullable(),
    minRating: z.number(),
    maxRating: z.number(),
    // Games within this many miles of the player's home, when they have one (then in place of
    // the state and region).
    withinMiles: z.number().nullable(),
  }),
})
export type HomeOutput = z.infer<typeof homeOutput>
