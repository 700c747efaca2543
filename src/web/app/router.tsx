import type { ComponentType } from 'react'
import { createBrowserRouter, Outlet, type RouteObject } from 'react-router'
import { PageLoading } from '../components/ui/spinner'
import { RequireAdmin, RequireSignedOut, RequireUser } from './guards'
import { RootLayout, type RouteHandle } from './root-layout'
import { ErrorView, RootError, RouteError } from './route-error'
import { NotFoundView } from './routes/not-found'

// One page of the app. `page` loads the module lazily, so each page is its own chunk; the
// module's default export is the page component. `title` is the page name of the document
// title: '{title} | {product} | Level Up Your Match'.
export interface PageRoute {
  path: string
  page: () => Promise<{ default: ComponentType }>
  title: string
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
  { path: '/playdates', page: () => import('./routes/play-dates'), title: 'PlayDates' },
  { path: '/playdates/:id', page: () => import('./routes/play-dates-detail'), title: 'PlayDate' },
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

// A page chunk that cannot be fetched (offline, or replaced by a newer deploy) shows the error
// view in the layout. React Router does not render a route whose `lazy` rejected, so the
// failure becomes the page itself; 'Try Again' reloads and fetches the chunk anew.
async function loadPage(page: PageRoute['page']): Promise<{ Component: ComponentType }> {
  try {
    return { Component: (await page()).default }
  } catch (error) {
    console.error(error)
    return { Component: ErrorView }
  }
}

const toRoute = ({ path, page, title }: PageRoute): RouteObject => ({
  path,
  handle: { title } satisfies RouteHandle,
  lazy: () => loadPage(page),
  errorElement: <RouteError />,
})

// While a guard's page chunk loads on the first visit, the layout stays and shows 'Loading...'.
const guarded = (Guard: ComponentType, pages: PageRoute[]): RouteObject => ({
  Component: Guard,
  HydrateFallback: PageLoading,
  errorElement: <RouteError />,
  children: pages.map(toRoute),
})

export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    errorElement: <RootError />,
    children: [
      guarded(Outlet, publicPages),
      guarded(RequireSignedOut, signedOutPages),
      guarded(RequireUser, signedInPages),
      guarded(RequireAdmin, adminPages),
      { path: '*', Component: NotFoundView, handle: { title: 'Page Not Found' } satisfies RouteHandle },
    ],
  },
]

// Creating the router starts loading the current page's chunk.
export const createAppRouter = () => createBrowserRouter(routes)
