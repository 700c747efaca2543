// realtime: the event stream a signed-in page listens to.
export { realtimeRoutes } from './realtime.routes'
