import { LoaderCircle } from 'lucide-react'

// Decorative: the text next to it (or the label) is what assistive tech reads.
export function Spinner({ className = 'size-5' }: { className?: string }) {
  return <LoaderCircle aria-hidden="true" className={`animate-spin text-brand-700 ${className}`} />
}

// The 'Loading...' view of a page, tall enough that the footer does not jump.
export function PageLoading({ label = 'Loading...' }: { label?: string }) {
  return (
    <div role="status" className="flex min-h-[50vh] items-center justify-center gap-3 text-slate-700">
      <Spinner />
      <span>{label}</span>
    </div>
  )
}
