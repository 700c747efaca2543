import { type ComponentType, type ReactElement, use } from 'react'
import { matchRoutes, Outlet, type RouteObject, useLocation, useRoutes } from 'react-router'
import { usePageTitle } from '../lib/page-title'
import { RequireAdmin, RequireSignedOut, RequireUser } from './guards'
import { RootLayout } from './root-layout'
import { ErrorView, RootError, RouteErrorBoundary } from './route-error'
import { NotFoundView } from './routes/not-found'

// One page of the app. `page` loads the module lazily, so each page is its own chunk; the
// module's default export is the page component. `title` is the page name of the document
// title: '{title} | {product} | Level Up Your Match'. A page with `children` is a layout too: the
// child matching the URL renders in its <Outlet /> (a list beside the item chosen from it). A
// child's path is written in full, starting with its parent's.
export interface PageRoute {
  path: string
  page: () => Promise<{ default: ComponentType }>
  title: string
  children?: PageRoute[]
}

// ---------------------------------------------------------------------------------------------
// The route table. To add a page, add one line to the list of its guard.
// ---------------------------------------------------------------------------------------------

// Anyone, signed in or not.
const publicPages: PageRoute[] = [
  { path: '/ratings', page: () => import('./routes/ratings'), title: 'Easy Rating' },
  { path: '/about', page: () => import('./routes/about'), title: 'About Us' },
  { path: '/glossary', page: () => import('./routes/glossary'), title: 'Glossary' },
  { path: '/terms', page: () => import('./routes/terms'), title: 'Terms of Service' },
  { path: '/privacy', page: () => import('./routes/privacy'), title: 'Privacy Policy' },
  {
    path: '/email-confirmation',
    page: () => import('./routes/email-confirmation'),
    title: 'Email Confirmation',
  },
  { path: '/reset-password', page: () => import('./routes/reset-password'), title: 'Reset Password' },
  // Signed-out visitors go to /signin and come back (the page sends them).
  {
    path: '/playdates/:id/apply',
    page: () => import('./routes/play-dates-apply'),
    title: 'Apply to PlayDate',
  },
]

// Signed-out visitors only; a signed-in user goes to /dashboard (or the router-state returnTo).
const signedOutPages: PageRoute[] = [
  { path: '/', page: () => import('./routes/home'), title: 'Home' },
  { path: '/signin', page: () => import('./routes/sign-in'), title: 'Sign In' },
  { path: '/signup', page: () => import('./routes/sign-in'), title: 'Sign Up' },
  { path: '/forgot-password', page: () => import('./routes/forgot-password'), title: 'Forgot Password' },
  { path: '/invite/:code?', page: () => import('./routes/invite'), title: 'Partner Invitation' },
]

// Signed-in players only; everyone else goes to /.
const signedInPages: PageRoute[] = [
  { path: '/dashboard', page: () => import('./routes/dashboard'), title: 'Dashboard' },
  { path: '/widgets', page: () => import('./routes/widgets'), title: 'Pickle Widgets' },
  { path: '/supr-builder', page: () => import('./routes/supr-builder'), title: 'SUPR Builder' },
  { path: '/add-player', page: () => import('./routes/add-player'), title: 'Add Player' },
  { path: '/edit-player/:id', page: () => import('./routes/edit-player'), title: 'Edit Player' },
  { path: '/training', page: () => import('./routes/training'), title: 'Train with Friends' },
  { path: '/profile', page: () => import('./routes/profile-settings'), title: 'Profile Settings' },
  { path: '/ai-referee', page: () => import('./routes/ai-referee'), title: 'AI Referee' },
  { path: '/profile/:id', page: () => import('./routes/public-profile'), title: 'Public Profile' },
  { path: '/connections', page: () => import('./routes/connections'), title: 'Player Connections' },
  { path: '/notifications', page: () => import('./routes/notifications'), title: 'Notifications' },
  { path: '/test/friends', page: () => import('./routes/test-friends'), title: 'Profile Friends Test' },
  { path: '/partner-lists', page: () => import('./routes/partner-lists'), title: 'Partner Lists' },
  {
    path: '/partner-lists/:id',
    page: () => import('./routes/partner-list-detail'),
    title: 'Partner List Details',
  },
  { path: '/groups', page: () => import('./routes/groups'), title: 'Groups' },
  { path: '/groups/join/:code', page: () => import('./routes/group-join'), title: 'Join a Group' },
  { path: '/groups/:id', page: () => import('./routes/group-detail'), title: 'Group' },
  {
    path: '/playdates',
    page: () => import('./routes/play-dates'),
    title: 'PlayDates',
    children: [
      { path: '/playdates/:id', page: () => import('./routes/play-dates-detail'), title: 'PlayDate' },
    ],
  },
  { path: '/create-playdate', page: () => import('./routes/create-playdate'), title: 'Create PlayDate' },
  {
    path: '/create-playdate/state',
    page: () => import('./routes/create-playdate-state'),
    title: 'Select State',
  },
  {
    path: '/create-playdate/region',
    page: () => import('./routes/create-playdate-region'),
    title: 'Select Region',
  },
  {
    path: '/create-playdate/details',
    page: () => import('./routes/create-playdate-details'),
    title: 'PlayDate Details',
  },
]

// Admins only; other players see 'Access Denied' and go to /dashboard, signed-out visitors to /.
const adminPages: PageRoute[] = [
  { path: '/admin', page: () => import('./routes/admin'), title: 'Admin Dashboard' },
  { path: '/admin/signup-codes', page: () => import('./routes/admin-signup-codes'), title: 'Signup Codes' },
]

// ---------------------------------------------------------------------------------------------

// A page whose module loads when first needed. React.lazy suspends on its first render even when
// the chunk has arrived; this page renders at once then, so the first render after the wait in
// main.tsx shows the page without a 'Loading...' step. A chunk that cannot be fetched (offline, or replaced by a newer deploy) shows
// the error view in the layout: the failure becomes the page itself, and 'Try Again' reloads,
// which fetches the chunk anew.
interface LazyPage extends PageRoute {
  Page: ComponentType
  preload: () => Promise<void> | null
  children?: LazyPage[]
}

function lazyPage(route: PageRoute): LazyPage {
  let Loaded: ComponentType | undefined
  let loading: Promise<void> | undefined
  const load = () =>
    (loading ??= route.page().then(
      (module) => {
        Loaded = module.default
      },
      (error: unknown) => {
        console.error(error)
        Loaded = ErrorView
      },
    ))
  // Until its chunk is here the page suspends: a navigation (a transition) keeps the current page
  // on screen, the first load shows the layout's 'Loading...'.
  function Page() {
    if (!Loaded) use(load())
    return Loaded ? <Loaded /> : null
  }
  return {
    ...route,
    Page,
    preload: () => (Loaded ? null : load()),
    children: route.children?.map(lazyPage),
  }
}

const toRoute = ({ path, Page, children }: LazyPage): RouteObject => ({
  path,
  element: <Page />,
  children: children?.map(toRoute),
})

// Each list of the route table under its guard; public pages have none.
const guards: [guard: ReactElement, pages: PageRoute[]][] = [
  [<Outlet />, publicPages],
  [<RequireSignedOut />, signedOutPages],
  [<RequireUser />, signedInPages],
  [<RequireAdmin />, adminPages],
]
const guardedPages = guards.map(([guard, pages]) => ({ guard, pages: pages.map(lazyPage) }))
const allPages = guardedPages.flatMap(({ pages }) => pages)

const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      ...guardedPages.map(({ guard, pages }) => ({
        element: guard,
        children: pages.map(toRoute),
      })),
      { path: '*', element: <NotFoundView /> },
    ],
  },
]

// The pages of a path, as the routes above match it (a layout page, then the page in it); none
// for an unknown path.
const matchPages = (pathname: string) => matchRoutes(allPages, pathname)?.map((match) => match.route) ?? []
const matchPage = (pathname: string) => matchPages(pathname).at(-1)

// Starts loading the pages of `pathname`; null when they are already loaded (or have no chunk).
export function preloadPage(pathname: string) {
  const loads = matchPages(pathname).flatMap((page) => page.preload() ?? [])
  return loads.length === 0 ? null : Promise.all(loads)
}

// The document title names the page of the route table; a page may still override it.
function RouteTitle() {
  const { pathname } = useLocation()
  usePageTitle(matchPage(pathname)?.title ?? 'Page Not Found', 'route')
  return null
}

// The whole app: the layout and its pages. When the layout itself fails, the root error shows
// instead, until the next navigation.
export function AppRoutes() {
  const layout = useRoutes(routes)
  return (
    <RouteErrorBoundary fallback={RootError}>
      <RouteTitle />
      {layout}
    </RouteErrorBoundary>
  )
}
