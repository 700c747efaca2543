import type { QueryClient } from '@tanstack/react-query'
import { matchPath } from 'react-router'
import type { SessionOutput, SessionUser } from '../../domain/profiles/profile.schema'
import { prefetchAdminAnswers } from '../features/admin'
import { homeLocationQuery, sessionKey } from '../features/auth'
import {
  adminGroupsQuery,
  groupChatQuery,
  groupInviteQuery,
  groupQuery,
  groupSeriesQuery,
  myGroupsQuery,
} from '../features/groups'
import { notificationPreferencesQuery, quietHoursQuery } from '../features/notifications'
import { partnerListFriendsQuery, partnerListQuery, partnerListsQuery } from '../features/partner-lists'
import {
  calendarFeedQuery,
  listFilterOf,
  partnerOptionsQuery,
  playDatesQuery,
  readListAddress,
} from '../features/play-dates'
import { profilePrivacyQuery, publicProfileQuery, subAvailabilityQuery } from '../features/profiles'
import { pushConfigQuery } from '../features/push'
import { playerQuery, playersQuery, trainingPartnersQuery } from '../features/team-builder'
import { allVenuesQuery } from '../features/venues'

interface Navigation {
  client: QueryClient
  user: SessionUser
  // The path's parameters (`:id`).
  params: Record<string, string | undefined>
  pathname: string
  search: string
}

// The first answers of the pages off the navigation bar, and of Available, asked for with the tap
// like those of the navigation bar's pages (app/page-answers.ts), from the query options the
// pages' hooks use. They come with the signed-in shell, not the entry: every first load pays for
// what the entry carries, the landing page's included, and a signed-in player's taps come from a
// page whose shell is here (docs/decisions/0149-a-page-asks-for-its-data-at-once.md). A page with
// nothing to ask for (the wizard's first steps, the widgets, the referee) is not listed.
const moreAnswers: [path: string, ask: (to: Navigation) => Promise<unknown>[]][] = [
  // Available, with the filters of the address and the player's home area where it names no place,
  // and the player's home location (whether distances are offered); My PlayDates and History need
  // neither (app/page-answers.ts).
  [
    '/playdates',
    ({ client, user, search }) => {
      const home = { homeState: user.homeState, homeRegion: user.homeRegion }
      const address = readListAddress(new URLSearchParams(search), home)
      if (address.tab !== 'available') return []
      return [
        client.prefetchInfiniteQuery(playDatesQuery(listFilterOf(address))),
        client.prefetchQuery(homeLocationQuery()),
      ]
    },
  ],
  // Profile Settings' cards below the profile (the profile itself: app/page-answers.ts), each
  // read as the cards show.
  [
    '/profile',
    ({ client }) => [
      client.prefetchQuery(profilePrivacyQuery()),
      client.prefetchQuery(homeLocationQuery()),
      client.prefetchQuery(subAvailabilityQuery()),
      client.prefetchQuery(allVenuesQuery()),
      client.prefetchQuery(notificationPreferencesQuery()),
      client.prefetchQuery(pushConfigQuery()),
      client.prefetchQuery(quietHoursQuery()),
      client.prefetchQuery(calendarFeedQuery()),
    ],
  ],
  ['/profile/:id', ({ client, params }) => [client.prefetchQuery(publicProfileQuery(params.id ?? ''))]],
  ['/create-playdate/details', ({ client }) => [client.prefetchQuery(partnerOptionsQuery())]],
  [
    '/playdates/:id/apply',
    ({ client, params }) => [client.prefetchQuery(partnerOptionsQuery(params.id ?? ''))],
  ],
  [
    '/partner-lists',
    ({ client }) => [
      client.prefetchQuery(partnerListsQuery()),
      client.prefetchQuery(partnerListFriendsQuery()),
    ],
  ],
  ['/partner-lists/:id', ({ client, params }) => [client.prefetchQuery(partnerListQuery(params.id ?? ''))]],
  ['/supr-builder', ({ client }) => [client.prefetchQuery(playersQuery())]],
  ['/add-player', ({ client }) => [client.prefetchQuery(playersQuery())]],
  [
    '/edit-player/:id',
    ({ client, params }) => [
      client.prefetchQuery(playerQuery(client, params.id ?? '')),
      client.prefetchQuery(playersQuery()),
    ],
  ],
  ['/training', ({ client }) => [client.prefetchQuery(trainingPartnersQuery())]],
  ['/groups', ({ client }) => [client.prefetchQuery(myGroupsQuery())]],
  ['/groups/join/:code', ({ client, params }) => [client.prefetchQuery(groupInviteQuery(params.code ?? ''))]],
  // A group's page shows with its weekly games and its chat (app/routes/group-detail.tsx).
  [
    '/groups/:id',
    ({ client, params }) => [
      client.prefetchQuery(groupQuery(params.id ?? '')),
      client.prefetchQuery(groupSeriesQuery(params.id ?? '')),
      client.prefetchQuery(groupChatQuery(client, params.id ?? '')),
    ],
  ],
  // An admin's only: the page turns anyone else away.
  ...['/admin', '/admin/signup-codes'].map((path): [string, (to: Navigation) => Promise<unknown>[]] => [
    path,
    ({ client, user, pathname, search }) =>
      user.isAdmin ? prefetchAdminAnswers(client, pathname, search) : [],
  ]),
  [
    '/admin',
    ({ client, user, search }) =>
      user.isAdmin && new URLSearchParams(search).get('tab') === 'groups'
        ? [client.prefetchQuery(adminGroupsQuery())]
        : [],
  ],
]

// Asks for the first answers of the page at `pathname` (at `search`), for the signed-in player.
export function askForMorePageAnswers(client: QueryClient, pathname: string, search: string) {
  const user = client.getQueryData<SessionOutput>(sessionKey)?.user
  if (!user) return
  for (const [path, ask] of moreAnswers) {
    const match = matchPath(path, pathname)
    if (match) void Promise.all(ask({ client, user, params: match.params, pathname, search }))
  }
}
