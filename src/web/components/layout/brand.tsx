import { Link } from 'react-router'
import { config } from '../../lib/config'

// The product mark and name, linking home (which sends a signed-in player to the dashboard).
export function Brand({ to = '/', tone = 'light' }: { to?: string; tone?: 'light' | 'dark' }) {
  return (
    <Link
      to={to}
      className={`inline-flex min-h-11 items-center gap-2 text-lg font-extrabold tracking-tight ${
        tone === 'dark' ? 'text-white' : 'text-brand-800'
      }`}
    >
      <img src="/favicon.svg" alt="" width={28} height={28} className="size-7" />
      <span>{config.productName}</span>
    </Link>
  )
}
