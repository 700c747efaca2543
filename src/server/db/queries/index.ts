// Queries more than one feature reads: the friend graph, a player's record, and a PlayDate's
// rows as its pages and the admin's list show them.
export * from './friend-graph'
export * from './play-date-rows'
export * from './reliability'
