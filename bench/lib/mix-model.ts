// The model of the mixed workload (docs/decisions/0117-capacity-on-a-realistic-mix.md): what an
// active player does, how often, and which requests each action sends.
import { READS } from './endpoints'
import type { MixData, MixPlayer } from './mix-players'

// Each active player holds the app open (one event stream) and does one action every
// THINK_SECONDS on average. Think times are exponential, so the players' actions together arrive
// as a Poisson process of rate players / THINK_SECONDS, each one by a player picked at random: the
// same load as one timer per player, for far less of the load generator's CPU. Arrivals do not
// wait for earlier answers (an open loop): a slow server meets the same demand instead of less.
export const THINK_SECONDS = 20

export type ActionKey =
  | 'home'
  | 'available'
  | 'play-date'
  | 'chat'
  | 'profile'
  | 'notifications'
  | 'send-message'
  | 'apply'
  | 'accept'
  | 'friend-request'

export interface Action {
  key: ActionKey
  name: string
  // Out of 100.
  weight: number
}

// Weighted like a day at the app: mostly looking (home, the Available list, a PlayDate, a chat),
// a message now and then, applications, acceptances and friend requests more rarely. Reads are
// 80 of 100 actions; every write tells someone, through the database and their event stream.
export const ACTIONS: Action[] = [
  { key: 'home', name: 'Open home: what’s next and the unread count (2 requests)', weight: 25 },
  { key: 'available', name: 'Available PlayDates with a filter (rating, weekend, state…)', weight: 15 },
  { key: 'play-date', name: 'A PlayDate’s detail (own or one from the list)', weight: 12 },
  { key: 'chat', name: 'A chat page', weight: 10 },
  { key: 'notifications', name: 'Notifications list', weight: 10 },
  { key: 'profile', name: 'A public profile (a friend’s or anyone’s)', weight: 8 },
  { key: 'send-message', name: 'Send a chat message', weight: 10 },
  { key: 'apply', name: 'Apply to a PlayDate with a friend', weight: 4 },
  { key: 'friend-request', name: 'Send a friend request', weight: 4 },
  { key: 'accept', name: 'Accept an application (the PlayDate is matched)', weight: 2 },
]

const TOTAL_WEIGHT = ACTIONS.reduce((sum, action) => sum + action.weight, 0)

// An action by weight; `among`: only these kinds (one of them alone, say), by their weights.
export function pickAction(random = Math.random(), among?: readonly ActionKey[]): ActionKey {
  const actions = among ? ACTIONS.filter((action) => among.includes(action.key)) : ACTIONS
  const total = among ? actions.reduce((sum, action) => sum + action.weight, 0) : TOTAL_WEIGHT
  let left = random * total
  for (const action of actions) {
    left -= action.weight
    if (left < 0) return action.key
  }
  return actions[0]!.key
}

const AVAILABLE_PATHS = READS.filter((read) => read.key.startsWith('play-dates-available')).map((read) =>
  read.path({ user: { id: '', email: '' }, playDateId: '', friendId: '', search: '' }),
)

// The kinds of request, in the order the report lists them.
export const REQUEST_KINDS = [
  'Home: what’s next',
  'Unread count',
  'Available list',
  'PlayDate detail',
  'Chat page',
  'Notifications list',
  'Public profile',
  'Send a chat message',
  'Apply to a PlayDate',
  'Send a friend request',
  'Accept an application',
]

// One request of an action; `kind` groups the latencies in the report.
export interface MixRequest {
  kind: string
  // The action it was sent for: the one asked for, or the one done in its place.
  action: ActionKey
  method: 'GET' | 'POST'
  path: string
  body?: string
  // The player whose session sends it (the creator, for an acceptance).
  player: MixPlayer
  // An application's answer carries the id the acceptance needs.
  onCreated?: (body: string) => void
  // A refusal that another player's action explains (counted apart, as a 409 is, not an error).
  isRace?: (status: number) => boolean
}

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!

// What happened in the step so far: applications and friend requests must be new, and an
// acceptance needs an application of this step. Applications go to open PlayDates whose creator
// has a session of the mix (an active player or not: the creator opens the app when told), who
// accepts them.
export class MixState {
  readonly #applied = new Set<string>()
  readonly #matched = new Set<string>()
  readonly #linked: Set<string>
  readonly #pending: Array<{ requestId: string; playDateId: string }> = []
  // Open PlayDates whose creator has a session, with that player.
  readonly #targets: Array<{ id: string; team: Array<string | null>; creator: MixPlayer }>

  constructor(private readonly data: MixData) {
    this.#linked = new Set(data.linked)
    const creators = new Map<string, MixPlayer>()
    for (const player of data.players)
      if (!creators.has(player.profileId)) creators.set(player.profileId, player)
    this.#targets = []
    for (const playDate of data.openPlayDates) {
      const creator = creators.get(playDate.creatorId)
      if (!creator) continue
      this.#targets.push({ id: playDate.id, team: [playDate.creatorId, playDate.partnerId], creator })
      for (const person of playDate.applicants) this.#applied.add(`${playDate.id}:${person}`)
    }
  }

  // The requests of one action by this player (an action that cannot be done now, such as an
  // acceptance with nothing to accept, is done as the nearest one that can).
  requestsFor(action: ActionKey, player: MixPlayer): MixRequest[] {
    const get = (kind: string, path: string): MixRequest => ({ kind, action, method: 'GET', path, player })
    const post = (kind: string, path: string, body: object, by = player): MixRequest => ({
      kind,
      action,
      method: 'POST',
      path,
      body: JSON.stringify(body),
      player: by,
    })
    switch (action) {
      case 'home':
        return [get('Home: what’s next', '/api/home'), get('Unread count', '/api/notifications/unread-count')]
      case 'available':
        return [get('Available list', pick(AVAILABLE_PATHS))]
      case 'play-date': {
        const open = this.data.openPlayDates
        let id = player.chatPlayDateId
        if (Math.random() < 0.5 && open.length > 0) {
          const browsed = pick(open).id
          if (!this.#matched.has(browsed)) id = browsed
        }
        const request = get('PlayDate detail', `/api/play-dates/${id}`)
        // Matched by an acceptance while the request was on its way: no longer open to others.
        request.isRace = (status) => status === 403 && this.#matched.has(id)
        return [request]
      }
      case 'chat':
        return [get('Chat page', `/api/play-dates/${player.chatPlayDateId}/messages`)]
      case 'notifications':
        return [get('Notifications list', '/api/notifications')]
      case 'profile': {
        let id = pick(player.friends)
        if (Math.random() < 0.5) {
          const anyone = pick(this.data.profileIds)
          if (anyone !== player.profileId) id = anyone
        }
        return [get('Public profile', `/api/profiles/${id}`)]
      }
      case 'send-message':
        return [
          post('Send a chat message', `/api/play-dates/${player.chatPlayDateId}/messages`, {
            content: `Court ${1 + Math.floor(Math.random() * 8)} at ${7 + Math.floor(Math.random() * 12)}? Bringing new balls.`,
          }),
        ]
      case 'apply':
        return this.#apply(player, post) ?? this.requestsFor('home', player)
      case 'accept':
        return this.#accept(post) ?? this.requestsFor('apply', player)
      case 'friend-request':
        return this.#friendRequest(player, post) ?? this.requestsFor('home', player)
    }
  }

  #apply(player: MixPlayer, post: (kind: string, path: string, body: object) => MixRequest) {
    for (let attempt = 0; attempt < 20 && this.#targets.length > 0; attempt++) {
      const target = pick(this.#targets)
      const partner = pick(player.friends)
      const people = [player.profileId, partner]
      if (this.#matched.has(target.id)) continue
      if (
        people.some((person) => target.team.includes(person) || this.#applied.has(`${target.id}:${person}`))
      )
        continue
      for (const person of people) this.#applied.add(`${target.id}:${person}`)
      const request = post('Apply to a PlayDate', `/api/play-dates/${target.id}/requests`, {
        partnerId: partner,
      })
      request.onCreated = (body) =>
        this.#pending.push({ requestId: (JSON.parse(body) as { id: string }).id, playDateId: target.id })
      return [request]
    }
    return undefined
  }

  // The oldest application of this step to a PlayDate still open, accepted by its creator.
  #accept(post: (kind: string, path: string, body: object, by?: MixPlayer) => MixRequest) {
    for (let next = this.#pending.shift(); next; next = this.#pending.shift()) {
      if (this.#matched.has(next.playDateId)) continue
      const target = this.#targets.find((t) => t.id === next.playDateId)
      if (!target) continue
      this.#matched.add(target.id)
      return [
        post(
          'Accept an application',
          `/api/play-dates/requests/${next.requestId}/accept`,
          {},
          target.creator,
        ),
      ]
    }
    return undefined
  }

  #friendRequest(player: MixPlayer, post: (kind: string, path: string, body: object) => MixRequest) {
    for (let attempt = 0; attempt < 20; attempt++) {
      const receiver = pick(this.data.profileIds)
      if (receiver === player.profileId || this.#linked.has(`${player.profileId}:${receiver}`)) continue
      this.#linked.add(`${player.profileId}:${receiver}`)
      this.#linked.add(`${receiver}:${player.profileId}`)
      return [post('Send a friend request', '/api/connections/friend-requests', { receiverId: receiver })]
    }
    return undefined
  }
}
