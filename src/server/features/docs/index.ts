// docs: the API document's reader.
export { docsRoutes } from './docs.routes'
