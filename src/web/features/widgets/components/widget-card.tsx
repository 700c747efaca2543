import { ArrowRight } from 'lucide-react'
import { Link } from 'react-router'
import { widgetTarget, type Widget } from '../../../../domain/widgets/widgets'
import { ComingSoonBadge } from './coming-soon-badge'
import { WidgetIcon } from './widget-icon'

type HeadingLevel = 2 | 3

// One tool of the Pickle Widgets grid. The whole card is the link (its title carries it);
// a coming-soon widget is shown but cannot be opened. A signed-out visitor is sent to /signin
// and comes back to the widget after signing in.
export function WidgetCard({
  widget,
  isSignedIn,
  headingLevel = 3,
}: {
  widget: Widget
  isSignedIn: boolean
  headingLevel?: HeadingLevel
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  const target = widgetTarget(widget, isSignedIn)
  const needsSignIn = target === '/signin'

  return (
    <article
      className={`relative flex h-full flex-col rounded-2xl border p-5 shadow-sm transition ${
        target
          ? 'border-slate-200 bg-white hover:-translate-y-0.5 hover:border-brand-600 hover:shadow-md'
          : 'border-dashed border-slate-300 bg-slate-100'
      }`}
      aria-disabled={target ? undefined : true}
    >
      <div className="flex items-start justify-between gap-3">
        <span
          className={`inline-flex size-11 items-center justify-center rounded-xl ${
            target ? 'bg-brand-50 text-brand-700' : 'bg-slate-200 text-slate-600'
          }`}
        >
          <WidgetIcon id={widget.id} />
        </span>
        {widget.comingSoon ? <ComingSoonBadge /> : null}
      </div>
      <Heading className="mt-4 text-lg font-bold text-slate-900">
        {target ? (
          <Link
            to={target}
            state={needsSignIn ? { returnTo: widget.path } : undefined}
            className="inline-flex min-h-11 items-center after:absolute after:inset-0 after:rounded-2xl focus-visible:outline-none focus-visible:after:outline-3 focus-visible:after:outline-offset-2 focus-visible:after:outline-brand-700 focus-visible:after:outline-solid"
          >
            {widget.title}
          </Link>
        ) : (
          widget.title
        )}
      </Heading>
      <p className="mt-1 flex-1 text-sm text-slate-600">{widget.description}</p>
      {target ? (
        <p
          aria-hidden="true"
          className="mt-4 inline-flex items-center gap-1 text-sm font-semibold text-brand-700"
        >
          {needsSignIn ? 'Sign in to use' : 'Open'}
          <ArrowRight className="size-4" />
        </p>
      ) : null}
    </article>
  )
}
