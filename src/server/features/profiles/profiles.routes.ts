import { createRoute } from '@hono/zod-openapi'
import { profileInput } from '../../../domain/auth/auth.schema'
import {
  homeAreaInput,
  profilePrivacy,
  sessionUser,
  subAvailability,
} from '../../../domain/profiles/profile.schema'
import { duprIdInput } from '../../../domain/play-dates/results'
import { createApi } from '../../app-factory'
import { requireUser } from '../../middleware/require-user'
import { access, errorResponses, jsonBody, jsonContent } from '../../openapi'
import {
  getOwnProfile,
  getProfilePrivacy,
  getSubAvailability,
  updateDuprId,
  updateHomeArea,
  updateOwnProfile,
  updateProfilePrivacy,
  updateSubAvailability,
} from './profiles.service'
import { profileAbout, profileAboutInput } from '../../../domain/profiles/profile-about.schema'
import { getProfileAbout, updateProfileAbout } from './profile-about.service'
import { homeLocationInput, homeLocationOutput } from '../../../domain/profiles/home-location.schema'
import { getHomeLocation, setHomeLocation } from './home-location.service'

const tags = ['profiles']

const getMe = createRoute({
  method: 'get',
  path: '/profiles/me',
  operationId: 'getMyProfile',
  tags,
  summary: 'The signed-in player’s own profile',
  ...access.user,
  middleware: [requireUser] as const,
  responses: { 200: jsonContent(sessionUser, 'The profile'), ...errorResponses(401, 403) },
})

const putMe = createRoute({
  method: 'put',
  path: '/profiles/me',
  operationId: 'updateMyProfile',
  tags,
  summary: 'Update the signed-in player’s profile (sign-up rules apply to every field)',
  ...access.user,
  middleware: [requireUser] as const,
  request: { body: jsonBody(profileInput) },
  responses: { 200: jsonContent(sessionUser, 'The updated profile'), ...errorResponses(400, 401, 403) },
})

const putHome = createRoute({
  method: 'put',
  path: '/profiles/me/home',
  operationId: 'updateMyHomeArea',
  tags,
  summary: 'Set or clear the signed-in player’s home state and region (the Available tab opens on it)',
  ...access.user,
  middleware: [requireUser] as const,
  request: { body: jsonBody(homeAreaInput) },
  responses: { 200: jsonContent(sessionUser, 'The updated profile'), ...errorResponses(400, 401, 403) },
})

const putDuprId = createRoute({
  method: 'put',
  path: '/profiles/me/dupr-id',
  operationId: 'updateMyDuprId',
  tags,
  summary: 'Set or clear the signed-in player’s DUPR ID (used by the results export)',
  ...access.user,
  middleware: [requireUser] as const,
  request: { body: jsonBody(duprIdInput) },
  responses: { 200: jsonContent(sessionUser, 'The updated profile'), ...errorResponses(400, 401, 403) },
})

const getSub = createRoute({
  method: 'get',
  path: '/profiles/me/sub-availability',
  operationId: 'getMySubAvailability',
  tags,
  summary: 'Whether the signed-in player is available as a sub',
  ...access.user,
  middleware: [requireUser] as const,
  responses: { 200: jsonContent(subAvailability, 'The setting'), ...errorResponses(401, 403) },
})

const putSub = createRoute({
  method: 'put',
  path: '/profiles/me/sub-availability',
  operationId: 'updateMySubAvailability',
  tags,
  summary: 'Switch "Available as a sub" (asked to fill spots in games of the home area and rating range)',
  ...access.user,
  middleware: [requireUser] as const,
  request: { body: jsonBody(subAvailability) },
  responses: { 200: jsonContent(subAvailability, 'The saved setting'), ...errorResponses(400, 401, 403) },
})

const getPrivacy = createRoute({
  method: 'get',
  path: '/profiles/me/privacy',
  operationId: 'getMyProfilePrivacy',
  tags,
  summary: 'Whether other players see the signed-in player’s birthdate and ZIP code',
  ...access.user,
  middleware: [requireUser] as const,
  responses: { 200: jsonContent(profilePrivacy, 'The setting'), ...errorResponses(401, 403) },
})

const putPrivacy = createRoute({
  method: 'put',
  path: '/profiles/me/privacy',
  operationId: 'updateMyProfilePrivacy',
  tags,
  summary: 'Show the birthdate and ZIP code on the public profile, or only the age range and the city',
  ...access.user,
  middleware: [requireUser] as const,
  request: { body: jsonBody(profilePrivacy) },
  responses: { 200: jsonContent(profilePrivacy, 'The saved setting'), ...errorResponses(400, 401, 403) },
})

const getAbout = createRoute({
  method: 'get',
  path: '/profiles/me/about',
  operationId: 'getMyProfileAbout',
  tags,
  summary: 'The signed-in player’s bio and the venues they play at',
  ...access.user,
  middleware: [requireUser] as const,
  responses: { 200: jsonContent(profileAbout, 'The bio and venues'), ...errorResponses(401, 403) },
})

const putAbout = createRoute({
  method: 'put',
  path: '/profiles/me/about',
  operationId: 'updateMyProfileAbout',
  tags,
  summary: 'Set the signed-in player’s bio and the venues they play at (both replaced)',
  description:
    'The bio is plain text of at most 160 characters (trimmed; empty removes it). `venueIds` names at ' +
    'most 5 venues in use, in the order the public profile lists them; an unknown or retired venue ' +
    'is refused with the message under `fields.venueIds`.',
  ...access.user,
  middleware: [requireUser] as const,
  request: { body: jsonBody(profileAboutInput) },
  responses: { 200: jsonContent(profileAbout, 'The saved bio and venues'), ...errorResponses(400, 401, 403) },
})

const getLocation = createRoute({
  method: 'get',
  path: '/profiles/me/location',
  operationId: 'getMyHomeLocation',
  tags,
  summary: 'Where the signed-in player’s distances are measured from ("Home: Tempe, AZ")',
  ...access.user,
  middleware: [requireUser] as const,
  responses: { 200: jsonContent(homeLocationOutput, 'The home location'), ...errorResponses(401, 403) },
})

const putLocation = createRoute({
  method: 'put',
  path: '/profiles/me/location',
  operationId: 'updateMyHomeLocation',
  tags,
  summary: 'Make a ZIP code, or the browser’s location, the signed-in player’s home for distances',
  description:
    'Either `zipCode` (it becomes the profile’s ZIP code; home is the centre of its ZIP Code Tabulation ' +
    'Area) or `latitude` and `longitude` (rounded to two decimals, about 1 km, before they are stored, ' +
    'and named after the nearest ZIP code’s area). A ZIP code or a location outside the US is refused.',
  ...access.user,
  middleware: [requireUser] as const,
  request: { body: jsonBody(homeLocationInput) },
  responses: {
    200: jsonContent(homeLocationOutput, 'The home location'),
    ...errorResponses(400, 401, 403),
  },
})

export const profileRoutes = createApi()
  .openapi(getLocation, async (c) => c.json(await getHomeLocation(c.get('db'), c.get('user').id), 200))
  .openapi(putLocation, async (c) =>
    c.json(
      await setHomeLocation(c.get('db'), c.get('user').id, c.req.valid('json'), c.get('deps').clock.now()),
      200,
    ),
  )
  .openapi(getMe, async (c) => c.json(await getOwnProfile(c.get('db'), c.get('user').id), 200))
  .openapi(putMe, async (c) =>
    c.json(
      await updateOwnProfile(c.get('db'), c.get('user').id, c.req.valid('json'), c.get('deps').clock.now()),
      200,
    ),
  )
  .openapi(putDuprId, async (c) =>
    c.json(
      await updateDuprId(
        c.get('db'),
        c.get('user').id,
        c.req.valid('json').duprId,
        c.get('deps').clock.now(),
      ),
      200,
    ),
  )
  .openapi(getSub, async (c) => c.json(await getSubAvailability(c.get('db'), c.get('user').id), 200))
  .openapi(putSub, async (c) =>
    c.json(
      await updateSubAvailability(
        c.get('db'),
        c.get('user').id,
        c.req.valid('json').availableAsSub,
        c.get('deps').clock.now(),
      ),
      200,
    ),
  )
  .openapi(getPrivacy, async (c) => c.json(await getProfilePrivacy(c.get('db'), c.get('user').id), 200))
  .openapi(putPrivacy, async (c) =>
    c.json(
      await updateProfilePrivacy(
        c.get('db'),
        c.get('user').id,
        c.req.valid('json'),
        c.get('deps').clock.now(),
      ),
      200,
    ),
  )
  .openapi(getAbout, async (c) => c.json(await getProfileAbout(c.get('db'), c.get('user').id), 200))
  .openapi(putAbout, async (c) =>
    c.json(
      await updateProfileAbout(c.get('db'), c.get('user').id, c.req.valid('json'), c.get('deps').clock.now()),
      200,
    ),
  )
  .openapi(putHome, async (c) =>
    c.json(
      await updateHomeArea(c.get('db'), c.get('user').id, c.req.valid('json'), c.get('deps').clock.now()),
      200,
    ),
  )
