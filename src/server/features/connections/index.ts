// connections: friends, partners and watched players (the friend graph other features ask is in
// db/queries/friend-graph.ts).
export { connectionRoutes } from './connections.routes'
