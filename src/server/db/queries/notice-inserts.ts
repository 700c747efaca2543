import { type SQL, sql } from 'drizzle-orm'
import { notificationPreferences, notifications, profiles } from '../schema'
import type {
  NotificationActionKind,
  NotificationType,
} from '../../../domain/notifications/notification.schema'
import type { NotificationChannel, NotificationKind } from '../../../domain/notifications/preferences.schema'

// The SQL that adds notices: one statement writes what happened and tells the players of it, in
// the app, by email and by push (docs/decisions/0139). Features that write and tell in one
// statement (applications, friend requests, chat) splice it into theirs; the notifications
// feature sends the emails and the push feature the pushes these statements queue
// (docs/decisions/0162).

const NOTIFICATION_COLUMNS = sql.raw(
  'user_id, type, title, message, link, actor_id, action, subject_id, kind, play_date_id',
)

// A notification to add, as other features describe it.
export interface NewNotification {
  userId: string
  type: NotificationType
  title: string
  message: string
  link?: string | null
  // The player whose action this tells of; left out for what the app says itself.
  actorId?: string | null
  // What the row lets the player do, and on what (the connection, the application's request,
  // the PlayDate whose chat it opens).
  action?: { kind: NotificationActionKind; subjectId: string } | null
  // The kind of notice, as players switch them: the app's copy, the email and the push each go
  // only to players who left that kind on for that channel. None: the app and push only.
  kind?: NotificationKind | null
  // The game it is about, named in every channel.
  playDateId?: string | null
}

// The jobs these statements queue: an email (features/notifications) and a push to each device
// (features/push).
export const NOTICE_EMAIL_JOB = 'notice-email'
export const PUSH_JOB = 'push-send'

// SQL: whether the player `userId` wants a notice of `kind` through `channel` (a kind of null,
// which no switch covers, is always wanted), for the statements that add notices.
export const wantsSql = (userId: SQL, kind: SQL, channel: NotificationChannel) => {
  const column = sql.raw(channel === 'inApp' ? 'in_app' : channel)
  return sql`(${kind} is null or not exists (select 1 from ${notificationPreferences} np
    where np.profile_id = ${userId} and np.kind = ${kind} and not np.${column}))`
}

// One push job per device of each player a statement notifies, in the statement that adds the
// notices: no device, no job; a rolled-back notice pushes nothing. The body of a CTE over
// `notes`, a relation of the notices to push: id, user_id, in_app (whether the app keeps a copy)
// and notice (what it says, notifications.service.ts).
export const pushJobsOf = (notes: SQL) => sql`
  insert into jobs (kind, key, run_at, payload, owner_id)
  select ${PUSH_JOB}, 'push:' || a.id || ':' || s.id, now(),
    json_build_object('subscriptionId', s.id, 'notificationId', a.id, 'inApp', a.in_app,
      'notice', a.notice), a.user_id
  from ${notes} a join push_subscriptions s on s.profile_id = a.user_id
  on conflict (key) do nothing`

// What an email or push job carries of its notice: everything it says, as the player may have
// the app's copy switched off (or dismiss it) before the email or push leaves.
const noticeJson = (n: SQL) => sql`json_build_object('userId', ${n}.user_id, 'type', ${n}.type,
  'title', ${n}.title, 'message', ${n}.message, 'link', ${n}.link, 'actorId', ${n}.actor_id,
  'kind', ${n}.kind, 'playDateId', ${n}.play_date_id, 'action', ${n}.action, 'subjectId', ${n}.subject_id)`

// The notices one statement adds on every channel the player chose (docs/decisions/0139): the
// CTEs `notes` (every notice, with its id), `added` (id, user_id of each notification added in
// the app), `added_pushes` and `added_emails`, for the caller's `with`. `rows` gives their columns
// (user_id, type, title, message, link, actor_id, action, subject_id, kind, play_date_id) as the
// relation `v`; `when`, SQL over `v` and the caller's other CTEs, decides which are told: a write
// and what it tells players are then one statement. A paused player is never told. Chat messages
// are emailed as a digest (features/play-dates), never one by one.
function insertsFrom(rows: SQL, when: SQL | undefined): SQL {
  const n = sql.raw('n')
  // A player an admin paused is told nothing, on any channel (docs/decisions/0200).
  const notPaused = sql`not exists (select 1 from ${profiles} rp where rp.id = v.user_id and rp.is_paused)`
  return sql`notes as (
    select gen_random_uuid() as id, v.*,
      ${wantsSql(sql`v.user_id`, sql`v.kind`, 'inApp')} as in_app
    from ${rows} where ${when ? sql`(${when}) and ${notPaused}` : notPaused}
  ), added as (
    insert into ${notifications} (id, ${NOTIFICATION_COLUMNS})
    select id, ${NOTIFICATION_COLUMNS} from notes where in_app
    returning id, user_id
  ), added_pushes as (${pushJobsOf(
    sql`(select n.id, n.user_id, n.in_app, ${noticeJson(n)} as notice from notes n
      where ${wantsSql(sql`n.user_id`, sql`n.kind`, 'push')})`,
  )}), added_emails as (
    insert into jobs (kind, key, run_at, payload, owner_id)
    select ${NOTICE_EMAIL_JOB}, 'notice-email:' || n.id, now(),
      json_build_object('notificationId', n.id, 'notice', ${noticeJson(n)}), n.user_id
    from notes n
    where n.kind is not null and n.kind <> 'messages' and ${wantsSql(sql`n.user_id`, sql`n.kind`, 'email')}
    on conflict (key) do nothing
  )`
}

// A notification in a prepared statement (db/prepared.ts): each of its columns is a placeholder,
// filled in on each call from `noteParameters` of the same name. `message`, when given, is the
// SQL of the message instead (one the statement completes from what it reads).
export interface NotePlaceholders {
  placeholders: string
  message?: SQL
}

type Note = Omit<NewNotification, 'userId'> | NotePlaceholders

const NOTE_PLACEHOLDERS = [
  'type',
  'title',
  'message',
  'link',
  'actor',
  'action',
  'subject',
  'kind',
  'playDate',
] as const

export const notePlaceholders = (name: string, message?: SQL): NotePlaceholders =>
  message ? { placeholders: name, message } : { placeholders: name }

// One column's placeholder of a notification, for a condition of the statement on it.
export const notePlaceholder = (note: NotePlaceholders, column: (typeof NOTE_PLACEHOLDERS)[number]) =>
  sql.placeholder(`${note.placeholders}_${column}`)

// The values of a notification's placeholders named `name`.
export function noteParameters(name: string, n: Omit<NewNotification, 'userId'>): Record<string, unknown> {
  const values = {
    type: n.type,
    title: n.title,
    message: n.message,
    link: n.link ?? null,
    actor: n.actorId ?? null,
    action: n.action?.kind ?? null,
    subject: n.action?.subjectId ?? null,
    kind: n.kind ?? null,
    playDate: n.playDateId ?? null,
  } satisfies Record<(typeof NOTE_PLACEHOLDERS)[number], unknown>
  return Object.fromEntries(Object.entries(values).map(([column, value]) => [`${name}_${column}`, value]))
}

// A notification's columns after user_id, as values.
function noteValues(n: Note) {
  if ('placeholders' in n) {
    const [type, title, message, link, actor, action, subject, kind, playDate] = NOTE_PLACEHOLDERS.map(
      (column) => notePlaceholder(n, column),
    )
    return sql`${type}, ${title}, ${n.message ?? message}, ${link}, ${actor}::uuid, ${action}, ${subject}::uuid, ${kind}::text, ${playDate}::uuid`
  }
  return sql`${n.type}, ${n.title}, ${n.message}, ${n.link ?? null}, ${n.actorId ?? null}::uuid, ${n.action?.kind ?? null}, ${n.action?.subjectId ?? null}::uuid, ${n.kind ?? null}::text, ${n.playDateId ?? null}::uuid`
}

// Each recipient is an id, or SQL giving one (a column of the caller's CTEs; a null adds nothing
// only if `when` says so).
export function notificationInserts(inputs: ReadonlyArray<Note & { userId: string | SQL }>, when?: SQL): SQL {
  const rows = inputs.map((n) => sql`(${n.userId}::uuid, ${noteValues(n)})`)
  return insertsFrom(sql`(values ${sql.join(rows, sql`, `)}) as v (${NOTIFICATION_COLUMNS})`, when)
}

// The same notification to each player `recipients` selects (one uuid column), as above.
export function notificationInsertsTo(recipients: SQL, n: Note, when?: SQL): SQL {
  return insertsFrom(
    sql`(select r.id, ${noteValues(n)} from (${recipients}) as r (id)) as v (${NOTIFICATION_COLUMNS})`,
    when,
  )
}
