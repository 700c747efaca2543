export {
  connectionKeys,
  connectionsQuery,
  connectionSummaryQuery,
  useAnswerRequest as useAnswerConnectionRequest,
  useConnections,
  useConnectionSummary,
} from './api/connections.queries'
export { ConnectionList } from './components/connection-list'
export { ConnectionTabs } from './components/connection-tabs'
export { FriendSearch } from './components/friend-search'
export { RelationshipActions } from './components/relationship-actions'
export { nameOf, useConnectionActions } from './hooks/use-connection-actions'
