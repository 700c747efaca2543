// play-dates: creating and finding PlayDates, applications and matching, the chat.
export { playDateRoutes } from './play-dates.routes'
export { playDateOfferRoutes } from './play-dates.offers.routes'
export { playDateCalendarRoutes } from './play-dates.calendar.routes'
export { playDateJobs, scheduleExpiry, scheduleReminders } from './play-dates.jobs'
export { postSeriesGame, type SeriesGame } from './play-dates.from-series'
// The demo data's PlayDates are at venues as the wizard's are.
export { atVenue } from './play-dates.at-venue'
export { CHAT_DIGEST_JOB } from './play-dates.chat-digest'
// Subs on the main data set (bench/lib/subs.ts): the candidates' read and the job that asks a wave.
export { availableSubsSql, subCandidates } from './play-dates.subs'
export { SUB_WAVE_JOB } from './play-dates.offers'
export { playDateReliabilityRoutes } from './play-dates.reliability.routes'
export { playDateResultRoutes } from './play-dates.results.routes'
export { scheduleResultStands } from './play-dates.results.stands'
export { playDateHomeRoutes } from './play-dates.home.routes'
// A PlayDate page's first view (web-app) shows its kind.
export { visiblePlayDateKind } from './play-dates.detail'
// A group's page lists its games (groups feature).
export { upcomingGroupGames } from './play-dates.group-games'
