import { Inbox, MessagesSquare, Send } from 'lucide-react'
import type { PlayDateDetail } from '../../../../domain/play-dates/play-date.schema'
import { ButtonLink, wrapsWords } from '../../../components/ui/button'
import { answersApplications } from './play-date-spots'

// The PlayDate page's main actions, under its title: on a phone the details fill the first screen.
// Beside the chat (`chatBeside`), 'Open chat' has nothing to open. The creator team's applications
// wait under the details: a link to them comes first.
export function PlayDateActions(props: { playDate: PlayDateDetail; chatBeside: boolean; viewerId: string }) {
  const { playDate, chatBeside } = props
  const { viewer } = playDate
  const showsOpenChat = viewer.canChat && !chatBeside
  const waiting = answersApplications(playDate, props.viewerId) ? playDate.pendingRequests.length : 0
  if (!viewer.canApply && !showsOpenChat && waiting === 0) return null
  return (
    <div className="flex flex-col gap-2 sm:flex-row">
      {viewer.canApply ? (
        <ButtonLink to={`/playdates/${playDate.id}/apply`} size="lg" className={wrapsWords}>
          <Send aria-hidden="true" className="size-4" />
          {playDate.status === 'open' ? 'Apply to this PlayDate' : 'Join the waitlist'}
        </ButtonLink>
      ) : null}
      {showsOpenChat ? (
        <ButtonLink to="#team-chat" size="lg">
          <MessagesSquare aria-hidden="true" className="size-4" />
          Open chat
        </ButtonLink>
      ) : null}
      {waiting > 0 ? (
        <ButtonLink to="#applications" size="lg" className={wrapsWords}>
          <Inbox aria-hidden="true" className="size-4" />
          {`Answer ${waiting} ${waiting === 1 ? 'application' : 'applications'}`}
        </ButtonLink>
      ) : null}
    </div>
  )
}
