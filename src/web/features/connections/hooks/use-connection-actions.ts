import { toast } from '../../../lib/toast'
import type { PlayerSummary } from '../../../../domain/connections/connection.schema'
import { isApiError } from '../../../lib/api-client'
import {
  useAnswerRequest,
  useCancelRequest,
  useInviteRegularPartner,
  useRemoveConnection,
  useSendFriendRequest,
  useSetWatching,
} from '../api/connections.queries'

export const nameOf = (player: Pick<PlayerSummary, 'firstName' | 'lastName'>) =>
  `${player.firstName} ${player.lastName}`

// A refusal the player can act on ('A friend request is already pending') is shown as the
// server words it; anything else gets the page's own wording.
const reasonOf = (error: unknown) =>
  isApiError(error) && error.status >= 400 && error.status < 500 ? error.message : undefined

// Every connection action with its toasts, for the connections page and the public profile.
export function useConnectionActions() {
  const send = useSendFriendRequest()
  const invite = useInviteRegularPartner()
  const answer = useAnswerRequest()
  const cancel = useCancelRequest()
  const remove = useRemoveConnection()
  const watching = useSetWatching()

  return {
    isPending:
      send.isPending ||
      invite.isPending ||
      answer.isPending ||
      cancel.isPending ||
      remove.isPending ||
      watching.isPending,

    sendFriendRequest: (player: PlayerSummary) =>
      send.mutate(player.id, {
        onSuccess: () => toast.success('Friend request sent'),
        onError: (error) =>
          isApiError(error) && error.status === 409
            ? toast.error(error.message)
            : toast.error('Error creating connection', { description: reasonOf(error) }),
      }),

    inviteRegularPartner: (player: PlayerSummary) =>
      invite.mutate(player.id, {
        onSuccess: () => toast.success(`Regular partner invitation sent to ${nameOf(player)}`),
        onError: (error) =>
          isApiError(error) && error.status === 409
            ? toast.error(error.message)
            : toast.error('Error creating connection', { description: reasonOf(error) }),
      }),

    answerRequest: (connectionId: string, action: 'accept' | 'reject') =>
      answer.mutate(
        { id: connectionId, answer: action },
        {
          onSuccess: () => toast.success(`Connection ${action}ed`),
          onError: (error) => toast.error(`Error ${action}ing connection`, { description: reasonOf(error) }),
        },
      ),

    cancelRequest: (connectionId: string) =>
      cancel.mutate(connectionId, {
        onSuccess: () => toast.success('Request cancelled'),
        onError: (error) => toast.error('Error cancelling connection', { description: reasonOf(error) }),
      }),

    removeConnection: (connectionId: string, onDone?: () => void) =>
      remove.mutate(connectionId, {
        onSuccess: () => toast.success('Connection removed'),
        onError: (error) => toast.error('Error removing connection', { description: reasonOf(error) }),
        onSettled: () => onDone?.(),
      }),

    setWatching: (player: PlayerSummary, watch: boolean) =>
      watching.mutate(
        { profileId: player.id, watch },
        {
          onSuccess: () =>
            toast.success(watch ? `Watching ${nameOf(player)}` : `Stopped watching ${nameOf(player)}`),
          onError: (error) => toast.error('Error updating watch list', { description: reasonOf(error) }),
        },
      ),
  }
}
