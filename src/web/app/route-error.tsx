import { Component, type ComponentType, type ReactNode } from 'react'
import { type Location, useLocation } from 'react-router'
import { Button, ButtonLink } from '../components/ui/button'

interface ErrorProps {
  error: unknown
}

// Shown in place of a page that crashed; the header and footer stay.
export function RouteError({ error }: ErrorProps) {
  console.error(error)
  return <ErrorView />
}

export function ErrorView() {
  return (
    <section aria-labelledby="route-error-title" className="mx-auto max-w-lg py-12 text-center">
      <h1 id="route-error-title" className="text-title font-bold text-slate-900">
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
export function RootError({ error }: ErrorProps) {
  return (
    <main id="main" className="flex min-h-dvh items-center justify-center p-6">
      <RouteError error={error} />
    </main>
  )
}

interface BoundaryProps {
  location: Location
  fallback: ComponentType<ErrorProps>
  children: ReactNode
}

// The thrown value is boxed: a page may throw anything, even undefined.
interface BoundaryState {
  location: Location
  caught: { error: unknown } | null
}

class LocationErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { location: this.props.location, caught: null }

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { caught: { error } }
  }

  // Another location is another page: the error stays behind.
  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.location === state.location ? null : { location: props.location, caught: null }
  }

  override render() {
    const { fallback: Fallback, children } = this.props
    return this.state.caught ? <Fallback error={this.state.caught.error} /> : children
  }
}

// Shows `fallback` in place of its children when they fail to render, until the next navigation.
export function RouteErrorBoundary(props: Omit<BoundaryProps, 'location'>) {
  return <LocationErrorBoundary location={useLocation()} {...props} />
}
