import { ChatPanel } from '../../../components/chat/chat-panel'
import { useChatMessages, useEarlierMessages, useSendMessage } from '../api/play-dates.queries'

// The team-only thread of a matched or completed PlayDate.
export function PlayDateChat({
  playDateId,
  viewerId,
  fillHeight = false,
}: {
  playDateId: string
  viewerId: string
  fillHeight?: boolean
}) {
  const source = {
    messages: useChatMessages(playDateId),
    earlier: useEarlierMessages(playDateId),
    send: useSendMessage(playDateId),
  }
  return (
    <ChatPanel
      source={source}
      note="Only the four players of this PlayDate see these messages."
      viewerId={viewerId}
      fillHeight={fillHeight}
    />
  )
}
