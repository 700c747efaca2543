import { Link } from 'react-router'
import { config } from '../../lib/config'

// The product mark and name, linking home (which sends a signed-in player to the dashboard).
// `nameClassName` may hide the name from the eye where the mark must do alone; the link is still
// named by it.
export function Brand({
  to = '/',
  tone = 'light',
  nameClassName = '',
}: {
  to?: string
  tone?: 'light' | 'dark'
  nameClassName?: string
}) {
  return (
    <Link
      to={to}
      className={`inline-flex min-h-11 items-center gap-2 text-lg font-extrabold tracking-tight ${
        tone === 'dark' ? 'text-white' : 'text-brand-800'
      }`}
    >
      <img src="/favicon.svg" alt="" width={28} height={28} className="size-7" />
      <span className={nameClassName || undefined}>{config.productName}</span>
    </Link>
  )
}
