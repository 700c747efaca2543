import { Link, useLocation } from 'react-router'
import { useUnreadCount } from '../../features/notifications'
import { NavBadge } from './nav-badge'
import { dashboardItem, notificationsItem, type NavItem, primaryNavItems, profileItem } from './nav-items'

// The five places a player goes most, under the thumb on phones and tablets (the menu keeps
// everything else). Hidden from lg up, where the top bar shows them all. Its height is given to
// the page and the toasts through --bottom-tabs-space (styles.css).
const tabs: Array<NavItem & { short: string }> = [
  { ...dashboardItem, short: 'Dashboard' },
  { ...primaryNavItems[1]!, short: 'PlayDates' },
  { ...primaryNavItems[2]!, short: 'Connections' },
  { ...notificationsItem, short: 'Notifications' },
  { ...profileItem, short: 'Profile' },
]

export function BottomTabs() {
  const { pathname } = useLocation()
  const unread = useUnreadCount()
  return (
    <nav
      id="bottom-tabs"
      aria-label="Quick navigation"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-slate-200 bg-white/95 pb-[env(safe-area-inset-bottom)] backdrop-blur lg:hidden"
    >
      <ul className="mx-auto flex max-w-xl">
        {tabs.map((tab) => {
          const active = tab.isActive(pathname)
          const Icon = tab.icon
          return (
            <li key={tab.to} className="flex-1">
              <Link
                to={tab.to}
                aria-current={active ? 'page' : undefined}
                aria-label={tab.short === tab.label ? undefined : tab.label}
                className={`relative flex min-h-14 flex-col items-center justify-center gap-0.5 px-0.5 text-[0.625rem] leading-tight font-semibold tracking-tight whitespace-nowrap focus-visible:outline-3 focus-visible:-outline-offset-3 focus-visible:outline-brand-700 ${
                  active ? 'text-brand-800' : 'text-slate-600 hover:text-slate-900'
                }`}
              >
                <span className="relative">
                  <Icon aria-hidden="true" className="size-6" />
                  {tab.to === notificationsItem.to ? (
                    <span className="absolute -top-1.5 left-3.5">
                      <NavBadge count={unread} />
                    </span>
                  ) : null}
                </span>
                <span>{tab.short}</span>
                {active ? (
                  <span
                    aria-hidden="true"
                    className="absolute inset-x-4 top-0 h-0.5 rounded-full bg-brand-700"
                  />
                ) : null}
              </Link>
            </li>
          )
        })}
      </ul>
    </nav>
  )
}
