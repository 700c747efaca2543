// Its own module, apart from the widget card: the landing page and Ratings show it without one.
export function ComingSoonBadge() {
  return (
    <span className="inline-flex items-center rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900">
      Coming soon
    </span>
  )
}
