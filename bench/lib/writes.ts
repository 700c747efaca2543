import type { WriteKey } from './endpoints'
import type { HttpCall } from './load'
import type { SignedIn } from './probe'
import type { SqlRunner } from './databases'

const shuffle = <T>(items: T[]) => {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1))
    ;[items[i], items[j]] = [items[j]!, items[i]!]
  }
  return items
}

export type WriteCalls = Record<WriteKey, (origin: string) => HttpCall>

// Every write must succeed the first time: friend requests go to players with no live friend
// connection to the sender, applications to open PlayDates neither teammate is part of or has
// applied to, chat messages to the sender's own matched PlayDate.
export async function prepareWrites(
  runner: SqlRunner,
  signedIn: SignedIn,
  budget: number,
): Promise<WriteCalls> {
  const players = signedIn.players
  const ids = players.map((p) => p.user.id)
  const friendIds = players.map((p) => p.friendId)
  const busy = new Set([...ids, ...friendIds])

  const linked = await runner.rows<{ a: string; b: string }>(
    `select requester_id as a, receiver_id as b from connections
     where type = 'friend' and status in ('pending', 'accepted')
       and (requester_id = any($1::uuid[]) or receiver_id = any($1::uuid[]))`,
    [ids],
  )
  const pairs = new Set(linked.flatMap((row) => [`${row.a}:${row.b}`, `${row.b}:${row.a}`]))
  const receivers = (
    await runner.rows<{ id: string }>(
      `select id from profiles where not is_paused order by md5(id::text || $2) limit $1`,
      [budget + busy.size, String(Date.now())],
    )
  )
    .map((row) => row.id)
    .filter((id) => !busy.has(id))
  // Each player walks the receivers from a stripe of its own, at most once around: a player never
  // asks one twice, and a data set smaller than the run's budget still has a receiver for every call.
  const stripe = Math.max(1, Math.floor(receivers.length / Math.max(1, players.length)))
  const receiverTurns = players.map(() => 0)
  let friendTurn = 0

  const openPlayDates = (
    await runner.rows<{ id: string; creator_id: string; partner_id: string | null }>(
      // Not one whose start passes during the run: it can no longer be applied to.
      `select id, creator_id, partner_id from play_dates
       where status = 'open' and (starts_at is null or starts_at > now() + interval '1 hour')
       order by md5(id::text || $1)`,
      [String(Date.now())],
    )
  ).map((row) => ({ id: row.id, team: new Set([row.creator_id, row.partner_id]) }))
  const applied = await runner.rows<{ play_date_id: string; person: string }>(
    `select play_date_id, unnest(array[requester_id, requester_partner_id]) as person from play_date_requests
     where status in ('pending', 'accepted')
       and (requester_id = any($1::uuid[]) or requester_partner_id = any($1::uuid[]))`,
    [[...busy]],
  )
  const appliedBy = new Set(applied.map((row) => `${row.play_date_id}:${row.person}`))
  const applyQueues = players.map((p) =>
    shuffle(
      openPlayDates.filter(
        (pd) =>
          !pd.team.has(p.user.id) &&
          !pd.team.has(p.friendId) &&
          !appliedBy.has(`${pd.id}:${p.user.id}`) &&
          !appliedBy.has(`${pd.id}:${p.friendId}`),
      ),
    ),
  )
  let applyTurn = 0
  let messageTurn = 0

  return {
    'friend-request': (origin) => {
      const index = friendTurn++ % players.length
      const player = players[index]!
      for (;;) {
        const turn = receiverTurns[index]!++
        if (turn >= receivers.length) throw new Error('no receivers left for friend requests')
        const receiver = receivers[(index * stripe + turn) % receivers.length]!
        if (pairs.has(`${player.user.id}:${receiver}`)) continue
        return {
          method: 'POST',
          path: '/api/connections/friend-requests',
          headers: { cookie: player.cookie, origin, 'content-type': 'application/json' },
          body: JSON.stringify({ receiverId: receiver }),
        }
      }
    },
    apply: (origin) => {
      for (let attempts = 0; attempts < players.length; attempts++) {
        const index = applyTurn++ % players.length
        const player = players[index]!
        // A PlayDate that another player's application of this run already holds one of these two
        // players in would be refused (one live application per player, decision 0113).
        let playDate = applyQueues[index]!.pop()
        while (
          playDate &&
          (appliedBy.has(`${playDate.id}:${player.user.id}`) ||
            appliedBy.has(`${playDate.id}:${player.friendId}`))
        )
          playDate = applyQueues[index]!.pop()
        if (!playDate) continue
        appliedBy.add(`${playDate.id}:${player.user.id}`)
        appliedBy.add(`${playDate.id}:${player.friendId}`)
        return {
          method: 'POST',
          path: `/api/play-dates/${playDate.id}/requests`,
          headers: { cookie: player.cookie, origin, 'content-type': 'application/json' },
          body: JSON.stringify({ partnerId: player.friendId }),
        }
      }
      throw new Error('no open PlayDates left to apply to')
    },
    'chat-message': (origin) => {
      const player = players[messageTurn++ % players.length]!
      return {
        method: 'POST',
        path: `/api/play-dates/${player.playDateId}/messages`,
        headers: { cookie: player.cookie, origin, 'content-type': 'application/json' },
        body: JSON.stringify({ content: `Court 3 at ${7 + (messageTurn % 12)}? Bringing new balls.` }),
      }
    },
  }
}
