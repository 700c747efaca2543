// A cancelled game's mark when it was cancelled late.
export function LateCancelChip() {
  return (
    <span className="inline-flex items-center rounded-full bg-white px-2.5 py-0.5 text-xs font-semibold text-red-800 ring-1 ring-red-600/40 ring-inset">
      Late cancel
    </span>
  )
}
