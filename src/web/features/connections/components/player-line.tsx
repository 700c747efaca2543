import type { ReactNode } from 'react'
import { Link } from 'react-router'
import type { PlayerSummary } from '../../../../domain/connections/connection.schema'
import { RatingsText } from '../../../components/ui/ratings-text'
import { Avatar } from '../../../components/ui/avatar'

// A player in a list: their face, name (to the public profile) and both ratings to two decimals,
// with `action` (a button, or where the viewer stands) beside the name and `children` (badges)
// under the ratings. On a phone only the name shares its line with the action: the ratings and
// badges run under both, so none of them is squeezed beside the button (docs/decisions/0217). A
// long name wraps between its words and stops at two lines; the link's name, its title and the
// profile keep it whole. `actionBelow`: an action too wide to sit beside a name on a phone (two
// answers) goes under the badges there, beside the name from the sm width up. With under 12 rem of
// room (a phone's text made much larger) beside the face a name would be cut: the name, ratings,
// badges and action run under the face, the full width, each on its own row (docs/decisions/0225).

// The full width, under the face, with under 12 rem of room.
const narrow = '@max-[12rem]:col-span-3 @max-[12rem]:col-start-1'

export function PlayerLine({
  player,
  headingLevel = 3,
  action,
  actionBelow = false,
  children,
}: {
  player: PlayerSummary
  headingLevel?: 2 | 3
  action?: ReactNode
  actionBelow?: boolean
  children?: ReactNode
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  const name = `${player.firstName} ${player.lastName}`
  return (
    <div className="@container">
      <div className="grid grid-cols-[auto_minmax(0,1fr)_auto] items-center gap-x-3">
        <Avatar person={player} size="md" className="row-span-2 @max-[12rem]:row-span-1" />
        <Heading
          className={`col-start-2 row-start-1 font-semibold text-slate-900 ${narrow} @max-[12rem]:row-start-2`}
        >
          <Link
            to={`/profile/${player.id}`}
            title={name}
            className="inline-flex min-h-11 max-w-full items-center hover:text-brand-800 hover:underline"
          >
            <span className="line-clamp-2 break-words">{name}</span>
          </Link>
        </Heading>
        {action ? (
          <div
            className={`${
              actionBelow
                ? 'col-span-2 col-start-2 row-start-4 mt-2 sm:col-span-1 sm:col-start-3 sm:row-start-1 sm:mt-0'
                : 'col-start-3 row-start-1'
            } ${narrow} @max-[12rem]:row-start-5 @max-[12rem]:mt-2`}
          >
            {action}
          </div>
        ) : null}
        <p
          className={`col-span-2 col-start-2 row-start-2 text-sm text-slate-600 ${narrow} @max-[12rem]:row-start-3`}
        >
          <RatingsText player={player} />
        </p>
        {children ? (
          <div className={`col-span-2 col-start-2 row-start-3 mt-1 ${narrow} @max-[12rem]:row-start-4`}>
            {children}
          </div>
        ) : null}
      </div>
    </div>
  )
}
