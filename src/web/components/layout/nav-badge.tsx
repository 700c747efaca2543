// A small count bubble next to a nav item. Nothing at all for 0.
export function NavBadge({ count, label = 'unread' }: { count: number; label?: string }) {
  if (!Number.isFinite(count) || count <= 0) return null
  return (
    <>
      <span
        aria-hidden="true"
        className="inline-flex min-w-5 items-center justify-center rounded-full bg-red-600 px-1.5 text-xs leading-5 font-bold text-white"
      >
        {count > 99 ? '99+' : count}
      </span>
      <span className="sr-only">
        ({count} {label})
      </span>
    </>
  )
}
