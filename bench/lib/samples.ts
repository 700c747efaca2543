import type { SqlRunner } from './databases'
import { type Player, type Sample, SEARCH_TERMS } from './endpoints'

export interface Samples {
  players: Sample[]
  admins: Player[]
}

// Players who created a matched PlayDate with chat, each with a friend outside the group (so
// applications of two players never collide), and the admins.
export async function pickSamples(runner: SqlRunner, count: number): Promise<Samples> {
  const candidates = await runner.rows<{ id: string; email: string; play_date_id: string }>(
    `select p.id, p.email, pd.id as play_date_id
     from play_dates pd join profiles p on p.id = pd.creator_id
     where pd.status = 'matched' and not p.is_paused and not p.is_admin
       and exists (select 1 from play_date_messages m where m.play_date_id = pd.id)
     order by md5(pd.id::text)
     limit $1`,
    [count * 8],
  )
  const chosen = new Map<string, { id: string; email: string; playDateId: string }>()
  for (const row of candidates) {
    if (chosen.size >= count) break
    if (!chosen.has(row.id))
      chosen.set(row.id, { id: row.id, email: row.email, playDateId: row.play_date_id })
  }
  const ids = [...chosen.keys()]
  const friends = await runner.rows<{ user_id: string; friend_id: string }>(
    `select u.id as user_id, case when c.requester_id = u.id then c.receiver_id else c.requester_id end as friend_id
     from unnest($1::uuid[]) u(id)
     join connections c on c.type = 'friend' and c.status = 'accepted' and (c.requester_id = u.id or c.receiver_id = u.id)
     join profiles f on f.id = case when c.requester_id = u.id then c.receiver_id else c.requester_id end
     where not f.is_paused
     order by u.id, c.created_at`,
    [ids],
  )
  const taken = new Set(ids)
  const friendOf = new Map<string, string>()
  for (const row of friends) {
    if (friendOf.has(row.user_id) || taken.has(row.friend_id)) continue
    friendOf.set(row.user_id, row.friend_id)
    taken.add(row.friend_id)
  }
  const players: Sample[] = []
  for (const [id, player] of chosen) {
    const friendId = friendOf.get(id)
    if (!friendId) continue
    players.push({
      user: { id, email: player.email },
      playDateId: player.playDateId,
      friendId,
      search: SEARCH_TERMS[players.length % SEARCH_TERMS.length]!,
    })
  }
  if (players.length === 0) throw new Error('no benchmark players found: generate a data set first')
  const admins = await runner.rows<Player>(
    'select id, email from profiles where is_admin and not is_paused order by email limit 5',
  )
  if (admins.length === 0) throw new Error('the data set has no admin')
  return { players, admins }
}
