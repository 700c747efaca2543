// team-builder: SUPR Builder, its players and the teams it proposes.
export { teamBuilderRoutes } from './team-builder.routes'
