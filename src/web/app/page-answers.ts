import type { QueryClient } from '@tanstack/react-query'
import { ownProfileQuery } from '../features/auth'
import { connectionsQuery } from '../features/connections'
import { homeQuery } from '../features/home'
import { notificationsQuery } from '../features/notifications'
import { prefetchListAnswer, prefetchPageAnswer } from '../features/play-dates'
import { profileAboutQuery } from '../features/profiles'

// The answers a page shows first, asked for with the page's files when a signed-in player goes
// there (app/navigation.tsx), not once its chunk has loaded and rendered: on a busy phone that is
// seconds after the tap (docs/decisions/0149-a-page-asks-for-its-data-at-once.md). The page's
// component then finds each answer under way or just arrived, and asks once. The pages of the
// navigation bar and a PlayDate's page; any other page asks when it renders.
const firstAnswers: Record<string, (queryClient: QueryClient, search: string) => Promise<unknown>[]> = {
  '/playdates': (client, search) =>
    [prefetchListAnswer(client, search)].filter((answer) => answer !== undefined),
  '/dashboard': (client) => [
    client.prefetchQuery(homeQuery()),
    client.prefetchInfiniteQuery(connectionsQuery('received')),
  ],
  '/notifications': (client) => [client.prefetchInfiniteQuery(notificationsQuery())],
  '/connections': (client) => [client.prefetchInfiniteQuery(connectionsQuery('connected'))],
  '/profile': (client) => [
    client.prefetchQuery(ownProfileQuery()),
    client.prefetchQuery(profileAboutQuery()),
  ],
}

// Asks for the first answers of the page at `pathname`. Resolves once a PlayDate's page has its
// PlayDate (the first render waits for that one, main.tsx); undefined for any other page.
export function askForPageAnswers(
  queryClient: QueryClient,
  pathname: string,
  search = '',
): Promise<void> | undefined {
  const answers = firstAnswers[pathname]?.(queryClient, search)
  if (answers) void Promise.all(answers)
  return prefetchPageAnswer(queryClient, pathname)
}
