import { Bell, CalendarDays, LayoutDashboard, Puzzle, UserRound, Users, type LucideIcon } from 'lucide-react'
import { widgets } from '../../../domain/widgets/widgets'

export interface NavItem {
  label: string
  to: string
  icon: LucideIcon
  isActive: (pathname: string) => boolean
}

const under =
  (...prefixes: string[]) =>
  (pathname: string) =>
    prefixes.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`))

const widgetPaths = widgets.map((widget) => widget.path)

export const dashboardItem: NavItem = {
  label: 'Dashboard',
  to: '/dashboard',
  icon: LayoutDashboard,
  isActive: (pathname) => pathname === '/' || under('/dashboard')(pathname),
}

// The first four entries of the top navigation; the mobile menu puts the widget tools after them.
export const primaryNavItems: NavItem[] = [
  dashboardItem,
  {
    label: 'PlayDates',
    to: '/playdates',
    icon: CalendarDays,
    isActive: under('/playdates', '/create-playdate'),
  },
  { label: 'Player Connections', to: '/connections', icon: Users, isActive: under('/connections') },
  { label: 'Pickle Widgets', to: '/widgets', icon: Puzzle, isActive: under('/widgets', ...widgetPaths) },
]

export const notificationsItem: NavItem = {
  label: 'Notifications',
  to: '/notifications',
  icon: Bell,
  isActive: under('/notifications'),
}

// Only the player's own settings: another player's /profile/{id} is not "Profile".
export const profileItem: NavItem = {
  label: 'Profile',
  to: '/profile',
  icon: UserRound,
  isActive: (pathname) => pathname === '/profile',
}
