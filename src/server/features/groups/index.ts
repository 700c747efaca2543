// groups: groups of regulars, their members and roles, joined by invite link.
export { groupRoutes } from './groups.routes'
