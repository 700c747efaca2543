// push: devices that get the player's notifications as Web Push (docs/decisions/0091-web-push.md).
export { pushRoutes } from './push.routes'
export { pushJobs } from './push.service'
