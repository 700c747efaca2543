// The dashboard's sections.
export { FriendsActivity } from './components/friends-activity'
export { NextGames } from './components/next-games'
export { SuggestedGames } from './components/suggested-games'
export { WaitingForYou } from './components/waiting-for-you'
export {
  friendActivityQuery,
  homeKeys,
  homeQuery,
  useHomeLoading,
  useHomeMovesWithClock,
} from './api/home.queries'
export { SectionLoading } from './components/home-section'
