// groups: groups of regulars, their members and roles, joined by invite link; their weekly series.
export { groupRoutes } from './groups.routes'
export { groupSeriesRoutes } from './groups.series.routes'
export { seriesJobs } from './groups.series.jobs'
