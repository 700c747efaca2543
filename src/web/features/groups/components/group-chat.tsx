import { ChatPanel } from '../../../components/chat/chat-panel'
import { useGroupChat } from '../api/group-chat.queries'

// The group's members-only chat, on its page: an admin who is not a member reads it, and a closed
// group's members read it too, without writing.
export function GroupChat({
  groupId,
  viewerId,
  canSend,
}: {
  groupId: string
  viewerId: string
  canSend: boolean
}) {
  return (
    <ChatPanel
      source={useGroupChat(groupId)}
      title="Group chat"
      note="Only the members of this group see these messages."
      viewerId={viewerId}
      canSend={canSend}
    />
  )
}
