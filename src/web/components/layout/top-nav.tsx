import { LogOut, Menu, ShieldCheck, X } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { Link, useLocation, useNavigate } from 'react-router'
import type { SessionUser } from '../../../domain/profiles/profile.schema'
import { widgetsByIds, menuWidgetIds } from '../../../domain/widgets/widgets'
import { useSignOut } from '../../features/auth'
import { useUnreadCount } from '../../features/notifications'
import { Avatar } from '../ui/avatar'
import { Brand } from './brand'
import { NavBadge } from './nav-badge'
import { notificationsItem, primaryNavItems, profileItem, type NavItem } from './nav-items'
import { ShareButton } from './share-button'

const desktopLink = (active: boolean) =>
  `inline-flex min-h-11 items-center gap-2 rounded-lg px-3 text-sm font-semibold transition-colors ${
    active ? 'bg-brand-50 text-brand-800' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900'
  }`

// In the compact bar's menu (below) a badge or a "Coming soon" tag goes under the words where it
// has no room beside them.
const mobileLink = (active: boolean) =>
  `flex min-h-12 items-center gap-3 rounded-lg px-3 text-base font-semibold @max-[18rem]/top:flex-wrap @max-[18rem]/top:gap-y-0 ${
    active ? 'bg-brand-50 text-brand-800' : 'text-slate-800 hover:bg-slate-100'
  }`

// The compact bar's classes: with the phone's text made much larger the bar is under 18 rem wide
// (a 375 px phone from some 130% text up; at normal size no phone is that narrow). Written out
// whole, so the stylesheet's build finds them.
const compactHidden = '@max-[18rem]/top:sr-only'
const compactShown = '@max-[18rem]/top:flex'
const compactIconHidden = '@max-[18rem]/top:hidden'

const actionButton =
  'inline-flex min-h-11 items-center gap-2 rounded-lg px-3 text-sm font-semibold text-slate-700 hover:bg-slate-100 hover:text-slate-900'

function ItemLink({
  item,
  pathname,
  className,
  badge,
}: {
  item: NavItem
  pathname: string
  className: (active: boolean) => string
  badge?: number
}) {
  const active = item.isActive(pathname)
  const Icon = item.icon
  return (
    <Link to={item.to} className={className(active)} aria-current={active ? 'page' : undefined}>
      {/* In the compact bar's menu the words have the width: "Player Connections" whole. */}
      <Icon aria-hidden="true" className={`size-5 shrink-0 ${compactIconHidden}`} />
      <span>{item.label}</span>
      {badge !== undefined ? <NavBadge count={badge} /> : null}
    </Link>
  )
}

function useSignOutAndLeave() {
  const signOut = useSignOut()
  const navigate = useNavigate()
  // Whatever the server answers, the player ends up signed out on the landing page.
  const leave = () => {
    signOut
      .mutateAsync()
      .catch(() => undefined)
      .finally(() => navigate('/', { replace: true }))
  }
  return { leave, isPending: signOut.isPending }
}

export function TopNav({ user }: { user: SessionUser }) {
  const { pathname } = useLocation()
  const unread = useUnreadCount()
  const { leave, isPending } = useSignOutAndLeave()
  // The menu belongs to the page it was opened on, so any navigation closes it.
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null)
  const menuOpen = menuOpenOn === pathname
  const menuButton = useRef<HTMLButtonElement>(null)

  useEffect(() => {
    if (!menuOpen) return
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return
      setMenuOpenOn(null)
      menuButton.current?.focus()
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  }, [menuOpen])

  // Its height, as the CSS variable --top-nav-height: the PlayDates list and the PlayDate beside
  // it on a wide screen fill the window under the bar.
  const header = useRef<HTMLElement>(null)
  useEffect(() => {
    const element = header.current
    if (!element) return
    const root = document.documentElement
    const observer = new ResizeObserver(() =>
      root.style.setProperty('--top-nav-height', `${element.offsetHeight}px`),
    )
    observer.observe(element)
    return () => {
      observer.disconnect()
      root.style.removeProperty('--top-nav-height')
    }
  }, [])

  const fullName = `${user.firstName} ${user.lastName}`.trim()

  return (
    <header
      ref={header}
      id="top-bar"
      className="@container/top sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur"
    >
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-2 px-edge py-2">
        {/* With the phone's text made much larger (the bar under 18 rem wide) the bar is one row:
            the mark without its word, the bell and the menu; the player's face and name show,
            the name whole, at the top of the menu (docs/decisions/0228). */}
        <Brand to="/dashboard" nameClassName={compactHidden} />
        {/* Under the bar on phones, beside the name from md up. */}
        <p
          className={`order-last flex w-full min-w-0 items-center gap-2 pb-1 text-sm text-slate-600 md:order-none md:ml-2 md:w-auto md:flex-1 md:pb-0 ${compactHidden}`}
        >
          <Avatar person={user} size="xs" />
          <span className="min-w-0 truncate">
            <span>Welcome, </span>
            <span className="font-semibold text-slate-900">{fullName}</span>
          </span>
        </p>
        <div className="ml-auto hidden items-center gap-1 lg:flex">
          <ShareButton className={actionButton} />
          {user.isAdmin ? (
            <Link
              to="/admin"
              className="inline-flex min-h-11 items-center gap-2 rounded-lg border border-brand-700 px-3 text-sm font-semibold text-brand-800 hover:bg-brand-50"
              aria-current={pathname.startsWith('/admin') ? 'page' : undefined}
            >
              <ShieldCheck aria-hidden="true" className="size-4" />
              Admin Dashboard
            </Link>
          ) : null}
          <button type="button" className={actionButton} onClick={leave} disabled={isPending}>
            <LogOut aria-hidden="true" className="size-4" />
            Sign Out
          </button>
        </div>
        <div className="ml-auto flex items-center gap-1 lg:hidden">
          <Link
            to={notificationsItem.to}
            className="relative inline-flex size-11 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100"
            aria-current={notificationsItem.isActive(pathname) ? 'page' : undefined}
          >
            <notificationsItem.icon aria-hidden="true" className="size-5" />
            <span className="sr-only">Notifications</span>
            <span className="absolute -top-0.5 -right-0.5">
              <NavBadge count={unread} />
            </span>
          </Link>
          <button
            ref={menuButton}
            type="button"
            className="inline-flex size-11 items-center justify-center rounded-lg text-slate-800 hover:bg-slate-100"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            onClick={() => setMenuOpenOn(menuOpen ? null : pathname)}
          >
            {menuOpen ? (
              <X aria-hidden="true" className="size-6" />
            ) : (
              <Menu aria-hidden="true" className="size-6" />
            )}
            <span className="sr-only">Menu</span>
          </button>
        </div>
      </div>

      <nav aria-label="Main" className="hidden border-t border-slate-100 lg:block">
        <ul className="mx-auto flex max-w-6xl items-center gap-1 px-edge py-1">
          {primaryNavItems.map((item) => (
            <li key={item.to}>
              <ItemLink item={item} pathname={pathname} className={desktopLink} />
            </li>
          ))}
          <li>
            <ItemLink item={notificationsItem} pathname={pathname} className={desktopLink} badge={unread} />
          </li>
          <li>
            <ItemLink item={profileItem} pathname={pathname} className={desktopLink} />
          </li>
        </ul>
      </nav>

      <nav
        id="mobile-menu"
        aria-label="Main"
        hidden={!menuOpen}
        className="max-h-[calc(100dvh-4rem)] overflow-y-auto border-t border-slate-200 bg-white lg:hidden"
      >
        {/* The name the compact bar has no room for, whole, wrapping between its words. */}
        <p
          className={`mx-auto hidden max-w-6xl items-center gap-2 px-7 pt-3 text-sm text-slate-600 ${compactShown}`}
        >
          <Avatar person={user} size="xs" />
          <span className="min-w-0 font-semibold text-slate-900">{fullName}</span>
        </p>
        <ul className="mx-auto flex max-w-6xl flex-col gap-1 px-edge py-3">
          {primaryNavItems.map((item) => (
            <li key={item.to}>
              <ItemLink item={item} pathname={pathname} className={mobileLink} />
            </li>
          ))}
          <li>
            <ul
              aria-label="Widget tools"
              className="ml-6 flex flex-col gap-1 border-l-2 border-brand-100 pl-3 @max-[18rem]/top:ml-3 @max-[18rem]/top:pl-0"
            >
              {widgetsByIds(menuWidgetIds).map((widget) => (
                <li key={widget.id}>
                  <Link
                    to={widget.path}
                    className={`${mobileLink(pathname === widget.path)} min-h-11 text-[0.95rem] font-medium`}
                    aria-current={pathname === widget.path ? 'page' : undefined}
                  >
                    {widget.title}
                    {widget.comingSoon ? (
                      <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
                        Coming soon
                      </span>
                    ) : null}
                  </Link>
                </li>
              ))}
            </ul>
          </li>
          <li>
            <ItemLink item={notificationsItem} pathname={pathname} className={mobileLink} badge={unread} />
          </li>
          <li>
            <ItemLink item={profileItem} pathname={pathname} className={mobileLink} />
          </li>
          <li>
            <ShareButton className={`${mobileLink(false)} w-full`} iconClassName="size-5" />
          </li>
          {user.isAdmin ? (
            <li>
              <Link
                to="/admin"
                className={mobileLink(pathname.startsWith('/admin'))}
                aria-current={pathname.startsWith('/admin') ? 'page' : undefined}
              >
                <ShieldCheck aria-hidden="true" className="size-5" />
                Admin Dashboard
              </Link>
            </li>
          ) : null}
          <li>
            <button
              type="button"
              className={`${mobileLink(false)} w-full`}
              onClick={leave}
              disabled={isPending}
            >
              <LogOut aria-hidden="true" className="size-5" />
              Sign Out
            </button>
          </li>
        </ul>
      </nav>
    </header>
  )
}
