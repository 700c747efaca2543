// profiles: the player's own profile and ratings, and the public profile others see.
export { profileRoutes } from './profiles.routes'
export { lockProfile } from './profiles.service'
export { publicProfileRoutes } from './public-profile.routes'
export { ratingRoutes } from './ratings.routes'
export { profilePhotoRoutes } from './profile-photo.routes'
export { enqueueHomeAreaBackfill, homeAreaJobs } from './home-area.jobs'
