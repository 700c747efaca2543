// connections: friends, partners and watched players; the friend graph other features ask.
export { connectionRoutes } from './connections.routes'
export { liveConnectionSubquery, partnerStatusFrom, statusFrom } from './connections.service'
export { areFriends, isPlayablePartner, listPartnerOptions, playablePartner } from './friend-graph'
