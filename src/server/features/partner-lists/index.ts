// partner-lists: a player's ordered partner lists and the invitations to join the app.
export { partnerListRoutes } from './partner-lists.routes'
