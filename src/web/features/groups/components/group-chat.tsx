import { ChatPanel, type ChatSource } from '../../../components/chat/chat-panel'

// The group's members-only chat, on its page (its thread from useGroupChat): an admin who is not a
// member reads it, and a closed group's members read it too, without writing.
export function GroupChat({
  source,
  viewerId,
  canSend,
}: {
  source: ChatSource
  viewerId: string
  canSend: boolean
}) {
  return (
    <ChatPanel
      source={source}
      title="Group chat"
      note="Only the members of this group see these messages."
      viewerId={viewerId}
      canSend={canSend}
    />
  )
}
