// The dashboard's sections.
export { NextGames } from './components/next-games'
export { SuggestedGames } from './components/suggested-games'
export { WaitingForYou } from './components/waiting-for-you'
export { homeKeys } from './api/home.queries'
