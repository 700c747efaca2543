import { ExternalLink } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { TAGLINE } from '../../../domain/product'
import type { SessionUser } from '../../../domain/profiles/profile.schema'
import { config } from '../../lib/config'
import { Brand } from './brand'
import { notificationsItem, primaryNavItems, profileItem } from './nav-items'

const linkClass =
  'inline-flex min-h-9 items-center gap-1 text-sm text-brand-100 hover:text-white hover:underline'

const isExternal = (href: string) => /^https?:\/\//.test(href)

function FooterLink({ to, children }: { to: string; children: ReactNode }) {
  if (isExternal(to)) {
    return (
      <a href={to} target="_blank" rel="noopener noreferrer" className={linkClass}>
        {children}
        <ExternalLink aria-hidden="true" className="size-3.5" />
        <span className="sr-only">(opens in a new tab)</span>
      </a>
    )
  }
  return (
    <Link to={to} className={linkClass}>
      {children}
    </Link>
  )
}

function FooterSection({ title, links }: { title: string; links: { to: string; label: string }[] }) {
  const id = `footer-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="text-sm font-bold tracking-wide text-white uppercase">
        {title}
      </h2>
      <ul className="mt-3 space-y-1">
        {links.map((link) => (
          <li key={link.label}>
            <FooterLink to={link.to}>{link.label}</FooterLink>
          </li>
        ))}
      </ul>
    </section>
  )
}

const signedOutLinks = [
  { to: '/', label: 'Home' },
  { to: '/signin', label: 'Sign In' },
  { to: '/signup', label: 'Sign Up' },
]

const signedInLinks = [...primaryNavItems, notificationsItem, profileItem].map((item) => ({
  to: item.to,
  label: item.label,
}))

export function SiteFooter({ user }: { user: SessionUser | null }) {
  return (
    <footer className="on-dark mt-auto bg-brand-950 text-brand-100">
      <div className="mx-auto grid max-w-6xl grid-cols-2 gap-8 px-4 py-10 sm:px-6 lg:grid-cols-5">
        <div className="col-span-2 lg:col-span-1">
          <Brand tone="dark" to={user ? '/dashboard' : '/'} />
          <p className="mt-2 text-sm text-brand-100">{TAGLINE}</p>
        </div>
        <FooterSection title="Navigation" links={user ? signedInLinks : signedOutLinks} />
        <FooterSection
          title="Help & Resources"
          links={[
            { to: '/about', label: 'About Us' },
            { to: config.helpUrl, label: 'Help/FAQ' },
            { to: '/glossary', label: 'Glossary' },
            { to: config.roadmapUrl, label: 'Road Map' },
          ]}
        />
        <FooterSection
          title="Legal"
          links={[
            { to: '/terms', label: 'Terms of Service' },
            { to: '/privacy', label: 'Privacy Policy' },
          ]}
        />
        {user?.isAdmin ? (
          <FooterSection
            title="Admin"
            links={[
              { to: '/admin', label: 'Admin Dashboard' },
              { to: '/admin/signup-codes', label: 'Signup Codes' },
            ]}
          />
        ) : null}
      </div>
      <div className="border-t border-white/10">
        <p className="mx-auto max-w-6xl px-4 py-4 text-xs text-brand-200 sm:px-6">
          © {new Date().getFullYear()} {config.productName}. All rights reserved.
        </p>
      </div>
    </footer>
  )
}
