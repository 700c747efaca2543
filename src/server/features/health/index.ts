// health: the liveness and readiness answers.
export { healthRoutes } from './health.routes'
