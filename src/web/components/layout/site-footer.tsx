import { ExternalLink } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link, useLocation } from 'react-router'
import { TAGLINE } from '../../../domain/product'
import type { SessionUser } from '../../../domain/profiles/profile.schema'
import { config } from '../../lib/config'
import { Brand } from './brand'

const linkClass =
  'inline-flex min-h-11 min-w-11 items-center gap-1 text-sm text-brand-100 hover:text-white hover:underline'

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
      <ul className="mt-3">
        {links.map((link) => (
          <li key={link.label}>
            <FooterLink to={link.to}>{link.label}</FooterLink>
          </li>
        ))}
      </ul>
    </section>
  )
}

const navigationLinks = [
  { to: '/', label: 'Home' },
  { to: '/signin', label: 'Sign In' },
  { to: '/signup', label: 'Sign Up' },
]

// The landing page's footer: the product, where to go, help and the legal pages.
function FullFooter() {
  return (
    <footer className="on-dark mt-auto bg-brand-950 text-brand-100">
      <div className="mx-auto grid max-w-6xl grid-cols-2 gap-8 px-edge py-10 lg:grid-cols-4">
        <div className="col-span-2 lg:col-span-1">
          <Brand tone="dark" />
          <p className="mt-2 text-sm text-brand-100">{TAGLINE}</p>
        </div>
        <FooterSection title="Navigation" links={navigationLinks} />
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
      </div>
      <div className="border-t border-white/10">
        <p className="mx-auto max-w-6xl px-edge py-4 text-xs text-brand-200">
          © {new Date().getFullYear()} {config.productName}. All rights reserved.
        </p>
      </div>
    </footer>
  )
}

// Every other page ends in one quiet line. Each link shows a short word; its name is the page's
// full name (the word first, so speech input finds it by what it shows).
const shortLinks = [
  { to: '/about', short: 'About', label: 'About Us' },
  { to: '/terms', short: 'Terms', label: 'Terms of Service' },
  { to: '/privacy', short: 'Privacy', label: 'Privacy Policy' },
  { to: config.helpUrl, short: 'Help', label: 'Help/FAQ' },
]

const shortLinkClass =
  'inline-flex min-h-11 min-w-11 items-center justify-center gap-1 rounded px-1.5 font-medium text-slate-700 underline-offset-4 hover:text-slate-900 hover:underline'

function FooterLine() {
  return (
    <footer className="mt-auto border-t border-slate-200 bg-white text-xs text-slate-600 sm:text-sm">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-2 px-edge">
        <p className="py-3">© {config.productName}</p>
        <ul className="flex flex-wrap items-center">
          {shortLinks.map((link) => (
            <li key={link.to} className="flex items-center">
              <span aria-hidden="true" className="px-0.5 text-slate-500">
                ·
              </span>
              {isExternal(link.to) ? (
                <a
                  href={link.to}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={`${link.label} (opens in a new tab)`}
                  className={shortLinkClass}
                >
                  {link.short}
                  <ExternalLink aria-hidden="true" className="size-3.5" />
                </a>
              ) : (
                <Link to={link.to} aria-label={link.label} className={shortLinkClass}>
                  {link.short}
                </Link>
              )}
            </li>
          ))}
        </ul>
      </div>
    </footer>
  )
}

// The full footer on the landing page only; one line everywhere else (docs/decisions/0099).
export function SiteFooter({ user }: { user: SessionUser | null }) {
  const { pathname } = useLocation()
  return !user && pathname === '/' ? <FullFooter /> : <FooterLine />
}
