import { CalendarDays, KeyRound, MapPin, Scale, Users, UsersRound } from 'lucide-react'
import { Card } from '../../../components/ui/card'

export type AdminTab = 'overview' | 'users' | 'codes' | 'venues' | 'play-dates' | 'disputes' | 'groups'

const sections = [
  {
    tab: 'users',
    title: 'User Management',
    text: 'Find players, see their details, grant admin, pause or resume access.',
    Icon: Users,
  },
  {
    tab: 'codes',
    title: 'Signup Codes',
    text: 'Create invite codes and shareable signup links; see which were used.',
    Icon: KeyRound,
  },
  {
    tab: 'venues',
    title: 'Venues',
    text: 'Add the courts PlayDates are played at, edit them, retire or restore them.',
    Icon: MapPin,
  },
  {
    tab: 'disputes',
    title: 'Disputes',
    text: 'Read both teams’ reports of a disputed game and decide its result.',
    Icon: Scale,
  },
  {
    tab: 'groups',
    title: 'Groups',
    text: 'See every group, its members and visibility; close a group.',
    Icon: UsersRound,
  },
  {
    tab: 'play-dates',
    title: 'PlayDate Management',
    text: 'Search and filter every PlayDate, view details, delete.',
    Icon: CalendarDays,
  },
] as const

export function AdminOverview({ onManage }: { onManage: (tab: AdminTab) => void }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {sections.map(({ tab, title, text, Icon }) => (
        <Card key={tab} className="flex flex-col">
          <Icon aria-hidden="true" className="size-8 text-brand-700" />
          <h2 className="mt-3 text-lg font-bold">{title}</h2>
          <p className="mt-1 flex-1 text-slate-600">{text}</p>
          <button
            type="button"
            onClick={() => onManage(tab)}
            aria-label={`Manage ${title}`}
            className="mt-4 min-h-11 rounded-lg bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800"
          >
            Manage
          </button>
        </Card>
      ))}
    </div>
  )
}
