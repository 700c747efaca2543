import { toast } from '../../../lib/toast'
import type { PlayerSummary } from '../../../../domain/connections/connection.schema'
import { errorDetail, isApiError } from '../../../lib/api-client'
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
            : toast.error('Error creating connection', { description: errorDetail(error) }),
      }),

    inviteRegularPartner: (player: PlayerSummary) =>
      invite.mutate(player.id, {
        onSuccess: () => toast.success(`Regular partner invitation sent to ${nameOf(player)}`),
        onError: (error) =>
          isApiError(error) && error.status === 409
            ? toast.error(error.message)
            : toast.error('Error creating connection', { description: errorDetail(error) }),
      }),

    answerRequest: (connectionId: string, action: 'accept' | 'reject') =>
      answer.mutate(
        { id: connectionId, answer: action },
        {
          onSuccess: () => toast.success(`Connection ${action}ed`),
          onError: (error) =>
            toast.error(`Error ${action}ing connection`, { description: errorDetail(error) }),
        },
      ),

    cancelRequest: (connectionId: string) =>
      cancel.mutate(connectionId, {
        onSuccess: () => toast.success('Request cancelled'),
        onError: (error) => toast.error('Error cancelling connection', { description: errorDetail(error) }),
      }),

    removeConnection: (connectionId: string, onDone?: () => void) =>
      remove.mutate(connectionId, {
        onSuccess: () => toast.success('Connection removed'),
        onError: (error) => toast.error('Error removing connection', { description: errorDetail(error) }),
        onSettled: () => onDone?.(),
      }),

    setWatching: (player: PlayerSummary, watch: boolean) =>
      watching.mutate(
        { profileId: player.id, watch },
        {
          onSuccess: () =>
            toast.success(watch ? `Watching ${nameOf(player)}` : `Stopped watching ${nameOf(player)}`),
          onError: (error) => toast.error('Error updating watch list', { description: errorDetail(error) }),
        },
      ),
  }
}
