// What the pages, the dashboard (home) and admin use of play-dates.
export { playDateKeys, useAnswerRequest, useOfferAnswer } from './api/play-dates.queries'
export {
  partnerOptionsQuery,
  playDatesQuery,
  prefetchListAnswer,
  prefetchPageAnswer,
} from './api/play-date.query'
export { calendarFeedQuery } from './api/calendar-feed.query'
export { prefetchChat } from './api/chat-messages.query'
export { listFilterOf, readListAddress } from './lib/list-address'
export { ApplyToPlayDate } from './components/apply-to-play-date'
export { CalendarFeed } from './components/calendar-feed'
export { OutcomeText } from './components/outcome-text'
export { PlayedGameFields, scoreFieldFor } from './components/game-scores-fields'
export { PlayDateCard } from './components/play-date-card'
export { PlayDateDetails } from './components/play-date-details'
export { PlayDateFirstViewKind } from './components/play-date-first-view'
export { PlayDateList } from './components/play-date-list'
export { useDaysMoveWithClock, useGamesMoveWithClock } from './hooks/use-moves-with-clock'
export { PlayDateWhen, PlayDateWhere } from './components/play-date-when'
export { TeamRecord } from './components/team-record'
export { ResultsExport } from './components/results-export'
export { StateRegionFields } from './components/state-region-fields'
export { DetailsStepPage } from './components/wizard-details-step'
export { RegionStep, StateStep, TypeStep } from './components/wizard-steps'
export { fullName, requestCountLabel } from './lib/play-date-view'
export { formatDay, outcomeText, pointsToText, score } from './lib/result-view'
export { otherTeam } from './lib/reliability-view'
