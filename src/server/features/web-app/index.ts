// web-app: serves the built single-page app.
export { mountWebApp } from './web-app.routes'
