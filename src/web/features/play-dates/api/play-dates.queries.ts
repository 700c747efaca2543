import {
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query'
import type {
  CreatePlayDateInput,
  PlayDateDetail,
  PlayerSummary,
} from '../../../../domain/play-dates/play-date.schema'
import type { PaymentInput, ReportInput } from '../../../../domain/play-dates/results'
import { api } from '../../../lib/api-client'
import { type ChatThread, withEarlier, withLatest } from '../../../lib/chat-thread'
import { chatMessagesQuery } from './chat-messages.query'
import { useLiveConnected, useLiveEvent } from '../../../lib/live-events'
import {
  partnerOptionsQuery,
  type PlayDateListFilter,
  playDateKeys,
  playDateQuery,
  playDatesQuery,
} from './play-date.query'

export { PLAY_DATE_PAGE_SIZE, playDateKeys, type PlayDateListFilter } from './play-date.query'

export type PartnerOption = PlayerSummary & { isRegularPartner: boolean }

// Without the live stream the chat asks for new messages this often.
export const CHAT_POLL_MS = 3000

// The friends to pick from follow the friend graph while their page is open: a 'connection' event
// (a friend request accepted, a friend removed) fetches them again, as it does the connections'
// own lists, and so does a 'resync' after the stream was down. 'playdate' events reach them under
// the PlayDates' key, and a return to the tab refetches them like every query: a friend who
// applies to the PlayDate sends the viewer no event.
export function usePartnerOptions({
  enabled = true,
  playDateId,
}: { enabled?: boolean; playDateId?: string } = {}) {
  const queryClient = useQueryClient()
  useLiveEvent((event) => {
    if (event.type === 'connection' || event.type === 'resync')
      void queryClient.invalidateQueries({ queryKey: playDateKeys.partnerOptions(playDateId) })
  })
  return useQuery({ ...partnerOptionsQuery(playDateId), enabled })
}

// One tab of the list, page after page ('Load more').
export function usePlayDates(filter: PlayDateListFilter) {
  return useInfiniteQuery(playDatesQuery(filter))
}

export function usePlayDate(id: string) {
  return useQuery(playDateQuery(id))
}

// After a change to one PlayDate: its detail is the answer, every list may have moved. The lists
// refetch without the mutation waiting for them: with the list on screen beside the PlayDate (a
// wide screen) that wait let the new detail re-render the page first, and a control it removed
// (Confirm result) lost its own success callback, and its toast, with it.
function settle(queryClient: QueryClient, detail: PlayDateDetail) {
  queryClient.setQueryData(playDateKeys.detail(detail.id), detail)
  void queryClient.invalidateQueries({ queryKey: playDateKeys.lists() })
}

export function useCreatePlayDate() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: CreatePlayDateInput) => api.post('/play-dates', { body: input }),
    onSuccess: (detail) => settle(queryClient, detail),
  })
}

export function useApplyToPlayDate(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    // With a friend as partner, or alone ("Join alone").
    mutationFn: (body: { partnerId: string } | { alone: true }) =>
      api.post('/play-dates/{id}/requests', { params: { id }, body }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: playDateKeys.detail(id) }),
        queryClient.invalidateQueries({ queryKey: playDateKeys.lists() }),
      ]),
    // A refusal (a friend who applied since the list was read, or is no longer a friend): the
    // picker fetches its friends again and shows why.
    onError: () => void queryClient.invalidateQueries({ queryKey: playDateKeys.partnerOptions(id) }),
  })
}

export type RequestAnswer = 'accept' | 'decline' | 'withdraw'
const answerPaths = {
  accept: '/play-dates/requests/{requestId}/accept',
  decline: '/play-dates/requests/{requestId}/decline',
  withdraw: '/play-dates/requests/{requestId}/withdraw',
} as const

export function useAnswerRequest() {
  const queryClient = useQueryClient()
  return useMutation({
    // `side`: where an accepted player alone goes (the partner wanted, or the other side).
    mutationFn: ({
      requestId,
      answer,
      side,
    }: {
      requestId: string
      answer: RequestAnswer
      side?: 'creator' | 'other' | undefined
    }) =>
      answer === 'accept' && side
        ? api.post(answerPaths.accept, { params: { requestId }, body: { side } })
        : api.post(answerPaths[answer], { params: { requestId } }),
    onSuccess: (detail) => settle(queryClient, detail),
  })
}

export function useCancelPlayDate(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => api.post('/play-dates/{id}/cancel', { params: { id } }),
    onSuccess: (detail) => settle(queryClient, detail),
  })
}

// The waitlist, drop-outs, offers and subs (docs/decisions/0152-waitlist-drop-outs-and-subs.md).
// Each answers the PlayDate as it now is.
export function useOfferAnswer() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ offerId, answer }: { offerId: string; answer: 'take' | 'decline' }) =>
      answer === 'take'
        ? api.post('/play-dates/offers/{offerId}/take', { params: { offerId } })
        : api.post('/play-dates/offers/{offerId}/decline', { params: { offerId } }),
    onSuccess: (detail) => settle(queryClient, detail),
  })
}

export function useMoveOnWaitlist() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ requestId, direction }: { requestId: string; direction: 'up' | 'down' }) =>
      api.post('/play-dates/requests/{requestId}/move', { params: { requestId }, body: { direction } }),
    onSuccess: (detail) => settle(queryClient, detail),
  })
}

export function useLeavePlayDate(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (withPartner: boolean) =>
      api.post('/play-dates/{id}/leave', { params: { id }, body: { withPartner } }),
    onSuccess: (detail) => settle(queryClient, detail),
  })
}

export function useFindSub(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => api.post('/play-dates/{id}/find-sub', { params: { id } }),
    onSuccess: (detail) => settle(queryClient, detail),
  })
}

// After the game: a team's report, the other team's one-tap confirmation, and the payment marks.
// Each answers the PlayDate as it now is.
export function useReportResult(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (report: ReportInput) =>
      api.post('/play-dates/{id}/result', { params: { id }, body: report }),
    onSuccess: (detail) => settle(queryClient, detail),
  })
}

export function useConfirmResult(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => api.post('/play-dates/{id}/result/confirm', { params: { id } }),
    onSuccess: (detail) => settle(queryClient, detail),
  })
}

// Within a minute of a confirmation, the player who made it takes it back
// (docs/decisions/0159).
export function useUndoConfirmation(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => api.post('/play-dates/{id}/result/confirm/undo', { params: { id } }),
    onSuccess: (detail) => settle(queryClient, detail),
  })
}

export function useMarkPayment(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (mark: PaymentInput['mark']) =>
      api.post('/play-dates/{id}/payment', { params: { id }, body: { mark } }),
    onSuccess: (detail) => settle(queryClient, detail),
  })
}

// A refused write means the page is out of date (the other team answered meanwhile): fetch it.
export const refetchPlayDate = (queryClient: QueryClient, id: string) =>
  queryClient.invalidateQueries({ queryKey: playDateKeys.detail(id) })

// The player's confirmed results, in DUPR's match import layout (a plain link: the session cookie
// goes with it).
export const RESULTS_CSV_URL = '/api/play-dates/results.csv'

// The chat (chatMessagesQuery). A live 'playdate' event refetches it at once; the poll is the
// fallback for when the event stream is down.
export function useChatMessages(id: string) {
  const queryClient = useQueryClient()
  const live = useLiveConnected()
  return useQuery({
    ...chatMessagesQuery(queryClient, id),
    refetchInterval: live ? false : CHAT_POLL_MS,
  })
}

// The page before the oldest message held: going back through the thread to its first message.
export function useEarlierMessages(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async () => {
      const oldest = queryClient.getQueryData<ChatThread>(playDateKeys.messages(id))?.messages[0]
      if (!oldest) return
      const page = await api.get('/play-dates/{id}/messages', {
        params: { id },
        query: { before: oldest.id },
      })
      queryClient.setQueryData<ChatThread>(playDateKeys.messages(id), (held) => withEarlier(held, page))
    },
  })
}

export function useSendMessage(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: { content: string; requestKey: string }) =>
      api.post('/play-dates/{id}/messages', { params: { id }, body: input }),
    // Into the thread held (before the thread first loads there is none: its load brings it).
    onSuccess: (message) =>
      queryClient.setQueryData<ChatThread>(playDateKeys.messages(id), (held) =>
        held ? withLatest(held, { items: [message], hasEarlier: false }, true) : undefined,
      ),
  })
}

// Something about this PlayDate changed elsewhere (an event from the server): fetch it again.
export function refreshPlayDate(queryClient: QueryClient, id: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: playDateKeys.detail(id) }),
    queryClient.invalidateQueries({ queryKey: playDateKeys.messages(id) }),
    queryClient.invalidateQueries({ queryKey: playDateKeys.lists() }),
  ])
}
