// Queries more than one feature reads: the friend graph, a player's record, and a PlayDate's
// rows as its pages and the admin's list show them, and the signed-in player as a session gives them.
export * from './friend-graph'
export * from './notice-inserts'
export * from './play-date-rows'
export * from './reliability'
export * from './session-user'
