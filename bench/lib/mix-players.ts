// The players of the mixed workload, straight in the database: their sessions (signing thousands
// in through the API would measure argon2), what their pages point at, and what a step wrote
// removed again afterwards.
import { randomBytes } from 'node:crypto'
import { hashToken } from '../../src/server/features/auth'
import type { SqlRunner } from './databases'

// Every session the mix creates carries this user agent, so they go whatever happened.
const SESSION_AGENT = 'bench mix'

export interface MixPlayer {
  // Its place in the order the steps take players in; the first N are a step of N players.
  index: number
  profileId: string
  // `<cookie name>=<token>`: a session of its own (a second device, when players outnumber profiles).
  cookie: string
  // A matched or played PlayDate of the player's: its chat and its detail.
  chatPlayDateId: string
  // Accepted friends who are not paused: partners for applications, profiles to open.
  friends: string[]
}

export interface MixData {
  players: MixPlayer[]
  profileIds: string[]
  // Open PlayDates, with every player who has a live application to each.
  openPlayDates: Array<{ id: string; creatorId: string; partnerId: string | null; applicants: string[] }>
  // Friend connections, pending or accepted, as `a:b` both ways: a friend request must be new.
  linked: Set<string>
  // What an acceptance changes in rows that were there before the run, as they were.
  snapshot: Snapshot
}

interface Snapshot {
  playDates: Array<{ id: string; status: string; updated_at: string; revision: number }>
  requests: Array<{ id: string; status: string; updated_at: string }>
}

// A fixed random order: the same players in the same order on every run and database.
const shuffled = <T extends { id: string }>(rows: T[]) =>
  rows
    .map((row) => ({ row, key: hashToken(row.id) }))
    .sort((a, b) => (a.key < b.key ? -1 : 1))
    .map(({ row }) => row)

// Players with a PlayDate to chat in and a friend to play with, in a fixed random order; `count`
// sessions, profiles taken again from the start when there are fewer of them.
export async function prepareMixData(runner: SqlRunner, count: number, cookieName: string): Promise<MixData> {
  const profiles = await runner.rows<{ id: string }>(
    `select id from profiles where not is_paused and not is_admin and email_verified_at is not null`,
  )
  const playable = new Set(profiles.map((p) => p.id))
  const friendRows = await runner.rows<{ a: string; b: string; status: string }>(
    `select requester_id as a, receiver_id as b, status from connections
     where type = 'friend' and status in ('pending', 'accepted')`,
  )
  const linked = new Set<string>()
  const friends = new Map<string, string[]>()
  for (const { a, b, status } of friendRows) {
    linked.add(`${a}:${b}`).add(`${b}:${a}`)
    if (status !== 'accepted') continue
    if (playable.has(b)) friends.set(a, [...(friends.get(a) ?? []), b])
    if (playable.has(a)) friends.set(b, [...(friends.get(b) ?? []), a])
  }
  const chats = await runner.rows<{ player: string; play_date_id: string }>(
    `select distinct on (player) player, play_date_id from (
       select unnest(array[pd.creator_id, pd.partner_id]) as player, pd.id as play_date_id, pd.created_at
       from play_dates pd where pd.status in ('matched', 'completed')
       union all
       select unnest(array[r.requester_id, r.requester_partner_id]), pd.id, pd.created_at
       from play_date_requests r join play_dates pd on pd.id = r.play_date_id
       where r.status = 'accepted' and pd.status in ('matched', 'completed')
     ) members where player is not null
     order by player, created_at desc`,
  )
  const chatOf = new Map(chats.map((row) => [row.player, row.play_date_id]))
  const chosen = shuffled(profiles.filter((p) => chatOf.has(p.id) && friends.has(p.id)))
  if (chosen.length === 0) throw new Error('no players with a chat and a friend: generate a data set first')

  const players: MixPlayer[] = []
  const tokens: string[] = []
  for (let index = 0; index < count; index++) {
    const { id } = chosen[index % chosen.length]!
    const token = randomBytes(32).toString('base64url')
    tokens.push(token)
    players.push({
      index,
      profileId: id,
      cookie: `${cookieName}=${token}`,
      chatPlayDateId: chatOf.get(id)!,
      friends: friends.get(id)!,
    })
  }
  for (let start = 0; start < players.length; start += 1000) {
    const batch = players.slice(start, start + 1000)
    await runner.rows(
      `insert into sessions (token_hash, profile_id, expires_at, user_agent)
       select hash, profile_id, now() + interval '1 day', $3
       from unnest($1::text[], $2::uuid[]) as s(hash, profile_id)`,
      [tokens.slice(start, start + 1000).map(hashToken), batch.map((p) => p.profileId), SESSION_AGENT],
    )
  }

  const open = await runner.rows<{
    id: string
    creator_id: string
    partner_id: string | null
    applicants: string[] | null
  }>(
    `select pd.id, pd.creator_id, pd.partner_id,
       array(select unnest(array[r.requester_id, r.requester_partner_id]) from play_date_requests r
             where r.play_date_id = pd.id and r.status in ('pending', 'accepted')) as applicants
     from play_dates pd where pd.status = 'open' and pd.starts_at > now() + interval '1 hour'`,
  )
  const snapshot: Snapshot = {
    playDates: await runner.rows(
      `select id, status, updated_at::text, revision from play_dates where status = 'open'`,
    ),
    requests: await runner.rows(
      `select r.id, r.status, r.updated_at::text from play_date_requests r
       join play_dates pd on pd.id = r.play_date_id where pd.status = 'open'`,
    ),
  }
  return {
    players,
    profileIds: [...playable],
    openPlayDates: open.map((row) => ({
      id: row.id,
      creatorId: row.creator_id,
      partnerId: row.partner_id,
      applicants: (row.applicants ?? []).filter(Boolean),
    })),
    linked,
    snapshot,
  }
}

// What a step wrote, removed, and what its acceptances changed, put back: every step starts from
// the same data. `since`: when the step began.
export async function undoStep(runner: SqlRunner, since: string, snapshot: Snapshot) {
  for (const table of [
    'play_date_requests',
    'play_date_messages',
    'notifications',
    'connections',
    'jobs',
    'mail_outbox',
  ])
    await runner.rows(`delete from ${table} where created_at >= $1`, [since])
  await runner.rows('delete from rate_limits where window_ends_at >= $1', [since])
  const { playDates, requests } = snapshot
  await runner.rows(
    `update play_dates pd set status = s.status, updated_at = s.updated_at, revision = s.revision
     from unnest($1::uuid[], $2::text[], $3::timestamptz[], $4::int[]) as s(id, status, updated_at, revision)
     where pd.id = s.id and (pd.status <> s.status or pd.revision <> s.revision)`,
    [
      playDates.map((p) => p.id),
      playDates.map((p) => p.status),
      playDates.map((p) => p.updated_at),
      playDates.map((p) => p.revision),
    ],
  )
  await runner.rows(
    `update play_date_requests r set status = s.status, updated_at = s.updated_at
     from unnest($1::uuid[], $2::text[], $3::timestamptz[]) as s(id, status, updated_at)
     where r.id = s.id and r.status <> s.status`,
    [requests.map((r) => r.id), requests.map((r) => r.status), requests.map((r) => r.updated_at)],
  )
}

export async function removeMixSessions(runner: SqlRunner) {
  await runner.rows('delete from sessions where user_agent = $1', [SESSION_AGENT])
  await runner.exec(
    'vacuum analyze sessions, connections, notifications, play_dates, play_date_requests, play_date_messages, jobs',
  )
}
