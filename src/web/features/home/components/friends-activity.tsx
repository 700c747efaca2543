import { CalendarPlus, Search, UserPlus } from 'lucide-react'
import { useDeferredValue } from 'react'
import { useNow } from '../../../lib/use-now'
import { Link } from 'react-router'
import type { FriendActivityItem } from '../../../../domain/connections/activity.schema'
import { formatRelativeTime } from '../../../../domain/notifications/relative-time'
import { kindLabel, playDateKind } from '../../../../domain/play-dates/play-date.constants'
import { formatStart, TIME_TO_BE_AGREED } from '../../../../domain/play-dates/schedule'
import { Avatar } from '../../../components/ui/avatar'
import { ButtonLink, wrapsWords } from '../../../components/ui/button'
import { useFriendActivity } from '../api/home.queries'
import { HomeSection, SectionEmpty, SectionError, SectionLoading } from './home-section'

const nameOf = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`
const link = 'font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-900'

// The dashboard's last section (docs/decisions/0103): what the player's friends did lately that
// any player could see, each with the friend's face, when, and a link to it.
export function FriendsActivity({ className }: { className?: string }) {
  const query = useFriendActivity()
  // The list fills in as a deferred render (one that yields to the browser now and then), after
  // the sections above it: its answer's arrival does not hold the main thread.
  const data = useDeferredValue(query.data)
  const activity = { data, isPending: query.isPending || (query.data !== undefined && data === undefined) }
  const now = useNow()
  let body
  if (activity.isPending) body = <SectionLoading label="Loading your friends' activity..." />
  else if (!activity.data)
    body = (
      <SectionError message="Could not load your friends' activity." onRetry={() => void query.refetch()} />
    )
  else if (activity.data.items.length === 0)
    body = (
      <SectionEmpty message="No activity from friends yet.">
        <ButtonLink to="/connections" variant="secondary" className={wrapsWords}>
          <Search aria-hidden="true" className="size-4" />
          Find players
        </ButtonLink>
      </SectionEmpty>
    )
  else
    body = (
      <ul className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white shadow-sm">
        {activity.data.items.map((item) => (
          <li key={item.id} className="flex items-start gap-3 p-4">
            <span className="relative shrink-0">
              <Avatar person={item.friend} size="md" />
              <span className="absolute -right-2 -bottom-2 inline-flex size-5 items-center justify-center rounded-full bg-brand-100 text-brand-800 ring-2 ring-white">
                {item.kind === 'play_date_posted' ? (
                  <CalendarPlus aria-hidden="true" className="size-3" />
                ) : (
                  <UserPlus aria-hidden="true" className="size-3" />
                )}
              </span>
            </span>
            <div className="min-w-0 flex-1">
              <p className="text-slate-800">
                <ActivityText item={item} />
              </p>
              <time dateTime={item.at} className="mt-0.5 block text-sm text-slate-600">
                {formatRelativeTime(item.at, now)}
              </time>
            </div>
          </li>
        ))}
      </ul>
    )
  return (
    <HomeSection id="friends-activity" title="Friends' activity" className={className}>
      {body}
    </HomeSection>
  )
}

function ActivityText({ item }: { item: FriendActivityItem }) {
  const friend = (
    <Link to={`/profile/${item.friend.id}`} className={link}>
      {nameOf(item.friend)}
    </Link>
  )
  if (item.kind === 'became_friends') {
    return (
      <>
        {friend} became friends with{' '}
        <Link to={`/profile/${item.other.id}`} className={link}>
          {nameOf(item.other)}
        </Link>
      </>
    )
  }
  const { playDate } = item
  const when =
    playDate.startsAt && playDate.timeZone
      ? formatStart(new Date(playDate.startsAt), playDate.timeZone)
      : TIME_TO_BE_AGREED
  const kind = playDateKind(playDate)
  return (
    <>
      {friend} posted {kind === 'earn' ? 'an' : 'a'}{' '}
      <Link to={`/playdates/${playDate.id}`} className={link}>
        {kindLabel(kind)} PlayDate for {when}
      </Link>
    </>
  )
}
