import type { QueryClient } from '@tanstack/react-query'
import { matchPath } from 'react-router'
import { ownProfileQuery } from '../features/auth'
import { connectionSummaryQuery, connectionsQuery } from '../features/connections'
import { friendActivityQuery, homeQuery } from '../features/home'
import { notificationsQuery } from '../features/notifications'
import { inviteQuery } from '../features/partner-lists'
import { prefetchChat, prefetchListAnswer, prefetchPageAnswer } from '../features/play-dates'
import { playDateIdOfPage } from '../../domain/play-dates/play-date.constants'
import { INVITE_CODE_PATTERN } from '../../domain/partner-lists/invite-code'
import { profileAboutQuery } from '../features/profiles'

// The answers a page shows first, asked for with the page's files when a signed-in player goes
// there (app/navigation.tsx), not once its chunk has loaded and rendered: on a busy phone that is
// seconds after the tap (docs/decisions/0149-a-page-asks-for-its-data-at-once.md). The page's
// component then finds each answer under way or just arrived, and asks once. The pages of the
// navigation bar and a PlayDate's page (its chat too); Available and the pages off the navigation
// bar ask from the signed-in shell (app/more-page-answers.ts).
const firstAnswers: Record<string, (queryClient: QueryClient, search: string) => Promise<unknown>[]> = {
  '/playdates': (client, search) =>
    [prefetchListAnswer(client, search)].filter((answer) => answer !== undefined),
  '/dashboard': (client) => [
    client.prefetchQuery(homeQuery()),
    client.prefetchInfiniteQuery(connectionsQuery('received')),
    client.prefetchQuery(friendActivityQuery()),
  ],
  '/notifications': (client) => [client.prefetchInfiniteQuery(notificationsQuery())],
  '/connections': (client) => [
    client.prefetchInfiniteQuery(connectionsQuery('connected')),
    client.prefetchQuery(connectionSummaryQuery()),
  ],
  '/profile': (client) => [
    client.prefetchQuery(ownProfileQuery()),
    client.prefetchQuery(profileAboutQuery()),
  ],
}

// Asks for the first answers of the page at `pathname`. Resolves once a PlayDate's page has its
// PlayDate (the first render waits for that one, main.tsx); undefined for any other page. A
// PlayDate's chat is asked for once the PlayDate says the player is in it: nothing waits for it.
export function askForPageAnswers(
  queryClient: QueryClient,
  pathname: string,
  search = '',
): Promise<void> | undefined {
  const answers = firstAnswers[pathname]?.(queryClient, search)
  if (answers) void Promise.all(answers)
  const playDate = prefetchPageAnswer(queryClient, pathname)
  const id = playDateIdOfPage(pathname)
  if (id) void prefetchChat(queryClient, id)
  return playDate
}

// The one page for a signed-out visitor that reads an answer: a partner invitation, opened from its
// email's link. Its code is asked about as the page loads, not once its files have arrived.
export function askForSignedOutPageAnswers(queryClient: QueryClient, pathname: string) {
  const code = matchPath('/invite/:code', pathname)?.params.code
  if (code && INVITE_CODE_PATTERN.test(code)) void queryClient.prefetchQuery(inviteQuery(code))
}
