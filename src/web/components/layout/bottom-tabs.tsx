import { Link, useLocation } from 'react-router'
import { useUnreadCount } from '../../features/notifications'
import { NavBadge } from './nav-badge'
import { dashboardItem, notificationsItem, type NavItem, primaryNavItems, profileItem } from './nav-items'

// The five places a player goes most, under the thumb on phones and tablets (the menu keeps
// everything else). Hidden from lg up, where the top bar shows them all. Its height is given to
// the page and the toasts through --bottom-tabs-space (styles.css).
// With the phone's text made larger a label breaks over two or three lines at its soft hyphens
// (\u00AD) rather than run past the screen's edge; at normal size each keeps one line. The
// icons keep their size, so the bar stays within the height given to it
// (docs/decisions/0224-a-phone-with-larger-text.md).
const tabs: Array<NavItem & { short: string }> = [
  { ...dashboardItem, short: 'Dash\u00ADboard' },
  { ...primaryNavItems[1]!, short: 'Play\u00ADDates' },
  { ...primaryNavItems[2]!, short: 'Con\u00ADnec\u00ADtions' },
  { ...notificationsItem, short: 'Noti\u00ADfi\u00ADca\u00ADtions' },
  { ...profileItem, short: 'Pro\u00ADfile' },
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
            <li key={tab.to} className="min-w-0 flex-1">
              <Link
                to={tab.to}
                aria-current={active ? 'page' : undefined}
                className={`relative flex min-h-14 flex-col items-center justify-center gap-0.5 px-0.5 text-center text-[0.625rem] leading-tight font-semibold tracking-tight [overflow-wrap:anywhere] hyphens-manual focus-visible:outline-3 focus-visible:-outline-offset-3 focus-visible:outline-brand-700 ${
                  active ? 'text-brand-800' : 'text-slate-600 hover:text-slate-900'
                }`}
              >
                {/* Named whole, then the unread count: the label's soft hyphens are for the eye. */}
                <span className="sr-only">{tab.label}</span>
                <span className="relative">
                  <Icon aria-hidden="true" className="size-[24px]" />
                  {tab.to === notificationsItem.to ? (
                    <span className="absolute -top-[6px] left-[14px]">
                      <NavBadge count={unread} />
                    </span>
                  ) : null}
                </span>
                <span aria-hidden="true">{tab.short}</span>
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
