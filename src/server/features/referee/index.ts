// referee: questions on the rules, answered from the rulebook.
export { refereeRoutes } from './referee.routes'
