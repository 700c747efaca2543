import { isRouteErrorResponse, useRouteError } from 'react-router'
import { Button, ButtonLink } from '../components/ui/button'
import { NotFoundView } from './routes/not-found'

// Shown in place of a page that failed to load or crashed; the header and footer stay.
export function RouteError() {
  const error = useRouteError()
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundView />
  console.error(error)
  return <ErrorView />
}

export function ErrorView() {
  return (
    <section aria-labelledby="route-error-title" className="mx-auto max-w-lg py-12 text-center">
      <h1 id="route-error-title" className="text-2xl font-bold text-slate-900">
        Something went wrong
      </h1>
      <p className="mt-2 text-slate-600">
        This page could not be shown. Check your connection and try again.
      </p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Button onClick={() => window.location.reload()}>Try Again</Button>
        <ButtonLink to="/" variant="secondary">
          Go to Home
        </ButtonLink>
      </div>
    </section>
  )
}

// The last resort when the layout itself fails: no header or footer to lean on.
export function RootError() {
  return (
    <main id="main" className="flex min-h-dvh items-center justify-center p-6">
      <RouteError />
    </main>
  )
}
