// A realistic data set built inside the database with set-based SQL (generate_series), so
// 100,000 players and a million rows take minutes, not hours. Every value comes from a hash of
// the row number: the same options give the same players, names, ratings and pairs.
import { NOTIFICATIONS_KEPT_DAYS } from '../../src/server/maintenance'

export interface DatasetOptions {
  profiles: number
  playDates: number
  // One argon2id hash shared by every generated player (see BENCH_PASSWORD).
  passwordHash: string
}

export const BENCH_PASSWORD = 'pickleball-bench'
export const ADMIN_COUNT = 5

// Friend pairs are (n, n + offset mod N) for a few offsets below N/2: no pair can repeat, so the
// one-live-pair unique index holds by construction, and every player has two friends per offset.
export interface Offsets {
  friends: number[]
  pendingFriend: number
  rejectedFriend: number
  watched: number[]
  // Applicants of a PlayDate: n + applicant(k), each with the friend at friends[0] as partner.
  applicant: (k: number) => number
}

export function offsetsFor(n: number): Offsets {
  const fractions = [0.0011, 0.0173, 0.0421, 0.0787, 0.1127, 0.2311, 0.3719, 0.4513, 0.4207]
  const used = new Set<number>()
  const pick = (fraction: number, index: number) => {
    let value = Math.max(index + 1, Math.floor(n * fraction))
    while (used.has(value)) value++
    used.add(value)
    if (value <= 0 || value * 2 >= n) throw new Error(`too few profiles (${n}) for the pair layout`)
    return value
  }
  const values = fractions.map(pick)
  const friends = values.slice(0, 7)
  const first = friends[0]!
  const base = Math.floor(n * 0.53)
  const step = 2 * first + 1
  return {
    friends,
    pendingFriend: values[7]!,
    rejectedFriend: values[8]!,
    watched: [Math.floor(n * 0.013) + 2, Math.floor(n * 0.29) + 3, Math.floor(n * 0.47) + 5].map((v) =>
      Math.min(v, n - 1),
    ),
    applicant: (k: number) => base + k * step,
  }
}

const list = (values: readonly string[]) =>
  `array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]`
const ints = (values: readonly number[]) => `array[${values.join(',')}]`

// A non-negative 63-bit hash of an expression and a salt; u() is uniform in [0, 1).
const h = (expr: string, salt: number) => `(hashtextextended((${expr})::text, ${salt}) & 9223372036854775807)`
const u = (expr: string, salt: number) => `((${h(expr, salt)} % 1000000) / 1000000.0)`
const pick = (values: readonly string[], expr: string, salt: number) =>
  `(${list(values)})[1 + ${h(expr, salt)} % ${values.length}]`

// Stable ids from a row number, shaped as version 4 UUIDs (the API validates UUIDs strictly).
const hashId = (prefix: string, expr: string) =>
  `overlay(overlay(md5('${prefix}' || (${expr})) placing '4' from 13) placing '8' from 17)::uuid`
export const profileId = (expr: string) => hashId('pm-bench-profile-', expr)
export const playDateId = (expr: string) => hashId('pm-bench-playdate-', expr)
const listId = (expr: string) => hashId('pm-bench-list-', expr)

const MALE = [
  'James',
  'Michael',
  'Robert',
  'John',
  'David',
  'William',
  'Richard',
  'Joseph',
  'Thomas',
  'Charles',
  'Christopher',
  'Daniel',
  'Matthew',
  'Anthony',
  'Mark',
  'Donald',
  'Steven',
  'Paul',
  'Andrew',
  'Joshua',
  'Kenneth',
  'Kevin',
  'Brian',
  'George',
  'Timothy',
  'Ronald',
  'Edward',
  'Jason',
  'Jeffrey',
  'Ryan',
  'Jacob',
  'Gary',
  'Nicholas',
  'Eric',
  'Jonathan',
  'Stephen',
  'Larry',
  'Justin',
  'Scott',
  'Brandon',
  'Benjamin',
  'Samuel',
  'Gregory',
  'Alexander',
  'Frank',
  'Patrick',
  'Raymond',
  'Jack',
  'Dennis',
  'Jerry',
  'Tyler',
  'Aaron',
  'Jose',
  'Adam',
  'Nathan',
  'Henry',
  'Douglas',
  'Zachary',
  'Peter',
  'Kyle',
  'Noah',
  'Ethan',
  'Jeremy',
  'Walter',
  'Christian',
  'Keith',
  'Roger',
  'Terry',
  'Austin',
  'Sean',
  'Gerald',
  'Carl',
  'Harold',
  'Dylan',
  'Arthur',
  'Lawrence',
  'Jordan',
  'Jesse',
  'Bryan',
  'Billy',
  'Bruce',
  'Gabriel',
  'Joe',
  'Logan',
  'Alan',
  'Juan',
  'Albert',
  'Willie',
  'Elijah',
  'Wayne',
  'Randy',
  'Vincent',
  'Mason',
  'Roy',
  'Ralph',
  'Bobby',
  'Russell',
  'Bradley',
  'Philip',
  'Eugene',
  'Diego',
  'Luis',
  'Marcus',
  'Hiro',
  'Raj',
]
const FEMALE = [
  'Mary',
  'Patricia',
  'Jennifer',
  'Linda',
  'Elizabeth',
  'Barbara',
  'Susan',
  'Jessica',
  'Sarah',
  'Karen',
  'Lisa',
  'Nancy',
  'Betty',
  'Sandra',
  'Margaret',
  'Ashley',
  'Kimberly',
  'Emily',
  'Donna',
  'Michelle',
  'Carol',
  'Amanda',
  'Melissa',
  'Deborah',
  'Stephanie',
  'Dorothy',
  'Rebecca',
  'Sharon',
  'Laura',
  'Cynthia',
  'Amy',
  'Kathleen',
  'Angela',
  'Shirley',
  'Brenda',
  'Emma',
  'Anna',
  'Pamela',
  'Nicole',
  'Samantha',
  'Katherine',
  'Christine',
  'Helen',
  'Debra',
  'Rachel',
  'Carolyn',
  'Janet',
  'Maria',
  'Catherine',
  'Heather',
  'Diane',
  'Olivia',
  'Julie',
  'Joyce',
  'Victoria',
  'Ruth',
  'Virginia',
  'Lauren',
  'Kelly',
  'Christina',
  'Joan',
  'Evelyn',
  'Judith',
  'Andrea',
  'Hannah',
  'Megan',
  'Cheryl',
  'Jacqueline',
  'Martha',
  'Madison',
  'Teresa',
  'Gloria',
  'Sara',
  'Janice',
  'Ann',
  'Kathryn',
  'Abigail',
  'Sophia',
  'Frances',
  'Jean',
  'Alice',
  'Judy',
  'Isabella',
  'Julia',
  'Grace',
  'Amber',
  'Denise',
  'Danielle',
  'Marilyn',
  'Beverly',
  'Charlotte',
  'Natalie',
  'Theresa',
  'Diana',
  'Brittany',
  'Doris',
  'Kayla',
  'Alexis',
  'Lori',
  'Priya',
  'Keiko',
  'Sofia',
]
const LAST = [
  'Smith',
  'Johnson',
  'Williams',
  'Brown',
  'Jones',
  'Garcia',
  'Miller',
  'Davis',
  'Rodriguez',
  'Martinez',
  'Hernandez',
  'Lopez',
  'Gonzalez',
  'Wilson',
  'Anderson',
  'Thomas',
  'Taylor',
  'Moore',
  'Jackson',
  'Martin',
  'Lee',
  'Perez',
  'Thompson',
  'White',
  'Harris',
  'Sanchez',
  'Clark',
  'Ramirez',
  'Lewis',
  'Robinson',
  'Walker',
  'Young',
  'Allen',
  'King',
  'Wright',
  'Scott',
  'Torres',
  'Nguyen',
  'Hill',
  'Flores',
  'Green',
  'Adams',
  'Nelson',
  'Baker',
  'Hall',
  'Rivera',
  'Campbell',
  'Mitchell',
  'Carter',
  'Roberts',
  'Gomez',
  'Phillips',
  'Evans',
  'Turner',
  'Diaz',
  'Parker',
  'Cruz',
  'Edwards',
  'Collins',
  'Reyes',
  'Stewart',
  'Morris',
  'Morales',
  'Murphy',
  'Cook',
  'Rogers',
  'Gutierrez',
  'Ortiz',
  'Morgan',
  'Cooper',
  'Peterson',
  'Bailey',
  'Reed',
  'Kelly',
  'Howard',
  'Ramos',
  'Kim',
  'Cox',
  'Ward',
  'Richardson',
  'Watson',
  'Brooks',
  'Chavez',
  'Wood',
  'James',
  'Bennett',
  'Gray',
  'Mendoza',
  'Ruiz',
  'Hughes',
  'Price',
  'Alvarez',
  'Castillo',
  'Sanders',
  'Patel',
  'Myers',
  'Long',
  'Ross',
  'Foster',
  'Jimenez',
  'Powell',
  'Jenkins',
  'Perry',
  'Russell',
  'Sullivan',
  'Bell',
  'Coleman',
  'Butler',
  'Henderson',
  'Barnes',
  'Gonzales',
  'Fisher',
  'Vasquez',
  'Simmons',
  'Romero',
  'Jordan',
  'Patterson',
  'Alexander',
  'Hamilton',
  'Graham',
  'Reynolds',
  'Griffin',
  'Wallace',
  'Moreno',
  'West',
  'Cole',
  'Hayes',
  'Bryant',
  'Herrera',
  'Gibson',
  'Ellis',
  'Tran',
  'Medina',
  'Aguilar',
  'Stevens',
  'Murray',
  'Ford',
  'Castro',
  'Marshall',
  'Owens',
  'Harrison',
  'Fernandez',
  'McDonald',
  'Woods',
  'Washington',
  'Kennedy',
  'Wells',
  'Vargas',
  'Henry',
  'Chen',
  'Freeman',
  'Webb',
  'Tucker',
  'Guzman',
  'Burns',
  'Crawford',
  'Olson',
  'Simpson',
  'Porter',
  'Hunter',
  'Gordon',
  'Mendez',
  'Silva',
  'Shaw',
  'Snyder',
  'Mason',
  'Dixon',
  'Munoz',
  'Hunt',
  'Hicks',
  'Holmes',
  'Palmer',
  'Wagner',
  'Black',
  'Robertson',
  'Boyd',
  'Rose',
  'Stone',
  'Salazar',
  'Fox',
  'Warren',
  'Mills',
  'Meyer',
  'Rice',
  'Schmidt',
  'Garza',
  'Daniels',
  'Ferguson',
  'Nichols',
  'Stephens',
  'Soto',
  'Weaver',
  'Ryan',
  'Gardner',
  'Payne',
  'Grant',
  "O'Brien",
  'Okafor',
  'Natarajan',
  'Tanaka',
  'Haddad',
  'Osei',
  'Friedman',
  'Delgado',
  'Whitfield',
]
const DOMAINS = ['example.com', 'example.org', 'example.net']
const AZ_REGIONS = [
  'east_valley',
  'west_valley',
  'central_phoenix',
  'tucson',
  'flagstaff',
  'sedona',
  'prescott',
  'lake_havasu',
  'yuma',
  'payson',
]
const DESCRIPTIONS = [
  'Looking for a competitive doubles game this weekend, mornings work best.',
  'Friendly but fast-paced rec game, we like long dinking rallies.',
  'Tournament prep: we want to drill third-shot drops and resets against a solid team.',
  'Evening session under the lights, two hours, courts already booked.',
  'We are working on stacking and would love a team that pushes us at the kitchen line.',
  'Casual Sunday play, then coffee. Any level close to ours is welcome.',
  'Happy to teach serves, returns and the soft game to an improving team.',
  'Indoor courts, 90 minutes, balls provided.',
  'Outdoor courts at the community park, bring water, it gets hot.',
  'Mixed doubles practice before the league starts next month.',
  'Want to play a team that attacks: we are working on counters and speed-ups.',
  'Early bird game at 6:30 am before work, strictly two games to 11.',
  'Looking for a regular weekly match, same time every Tuesday.',
  'Two games to 11 and one to 15, rally scoring if you prefer.',
  'Coaching session: footwork, positioning and when to poach.',
  'Senior-friendly pace, lots of fun, no bangers please.',
]
const MESSAGES = [
  'Hi all, looking forward to the game!',
  'Which courts are we on?',
  'Court 3 at the rec center, see you there.',
  'Running about 10 minutes late, sorry!',
  'Can we move it to 9 instead of 8?',
  '9 works for us.',
  'Great games today, thanks everyone.',
  'Rematch next week?',
  'I will bring a new can of balls.',
  'Parking is behind the building.',
  'Is it still on with this wind?',
  'Yes, forecast says it calms down by then.',
  'What a rally at 9-9, wow.',
  'Thanks for the tips on the third shot drop!',
  'Same time next week works for me.',
  'Sending the payment now.',
]
const LIST_NAMES = [
  'Spring Slam partners',
  'Mixed doubles league',
  'Senior Games 2025',
  'Desert Classic',
  'Club ladder',
  'Summer series',
  'Nationals backup plan',
  'Weekend tournaments',
  'Fall Open',
  'Holiday Classic',
]
const NOTIFICATION_KINDS = [
  ['other', 'New application', 'applied to your PlayDate'],
  ['other', 'Application accepted', 'accepted the application: you are matched'],
  ['other', 'Application declined', 'declined the application'],
  ['other', 'New message', 'sent a message about your PlayDate'],
  ['other', 'PlayDate played', 'marked the PlayDate as played'],
  ['other', 'PlayDate cancelled', 'cancelled the PlayDate'],
  ['other', 'Friend Request Accepted', 'accepted your friend request'],
  ['playdate_created', 'New PlayDate', 'created a PlayDate with you as partner'],
  ['connection_request', 'New Friend Request', 'wants to be your friend'],
  ['connection_request', 'New Friend Request', 'wants to be your friend'],
] as const

export interface Step {
  name: string
  sql: string
}

// The statements that fill an empty, migrated database. Foreign keys are not re-checked row by
// row (session_replication_role = replica): the generator keeps them by construction.
export function datasetSteps(options: DatasetOptions): Step[] {
  const P = options.profiles
  const D = options.playDates
  const o = offsetsFor(P)
  const friendOffsets = ints(o.friends)
  const first = o.friends[0]!
  const applicants = ints([0, 1, 2, 3].map(o.applicant))
  const mod = (expr: string) => `((${expr}) % ${P})`
  const anyName = (expr: string, salt: number) =>
    `${pick([...MALE, ...FEMALE], expr, salt)} || ' ' || ${pick(LAST, expr, salt + 1)}`

  const steps: Step[] = []
  const add = (name: string, sql: string) => steps.push({ name, sql })

  add(
    'profiles',
    `insert into profiles (id, email, first_name, last_name, gender, dupr_rating, self_rating, birthdate,
       zip_code, is_admin, is_paused, email_verified_at, ratings_confirmed_at, rating_prompt_skipped_at,
       created_at, updated_at)
     select ${profileId('n')},
       lower(replace(first_name, '''', '') || '.' || replace(last_name, '''', '') || '.' || n || '@' || ${pick(DOMAINS, 'n', 9)}),
       first_name, last_name, gender, dupr, self, birthdate, zip,
       n < ${ADMIN_COUNT}, n >= ${ADMIN_COUNT} and n % 211 = 210,
       created + interval '20 minutes',
       greatest(created, now() - ${u('n', 10)} * interval '200 days'),
       case when ${u('n', 11)} < 0.05 then now() - ${u('n', 12)} * interval '30 days' end,
       created, created
     from (
       select n, gender, dupr,
         case when gender = 'male' then ${pick(MALE, 'n', 2)} else ${pick(FEMALE, 'n', 2)} end as first_name,
         ${pick(LAST, 'n', 3)} as last_name,
         least(7, greatest(2, round(dupr * 4) / 4 + (${h('n', 6)} % 3 - 1) * 0.25)) as self,
         date '1950-01-01' + (${u('n', 7)} * 58 * 365)::int as birthdate,
         case when ${u('n', 8)} < 0.04 then null
           else lpad((case ${h('n', 13)} % 8
             when 4 then 32003 + ${h('n', 14)} % 2994 when 5 then 90001 + ${h('n', 14)} % 6161
             when 6 then 84001 + ${h('n', 14)} % 790 when 7 then 75001 + ${h('n', 14)} % 4998
             else 85001 + ${h('n', 14)} % 1555 end)::text, 5, '0') end as zip,
         now() - (1095 * (1 - n::float / ${P}) + ${u('n', 15)}) * interval '1 day' as created
       from (
         select n, case when ${u('n', 1)} < 0.55 then 'male' else 'female' end as gender,
           round(least(7, greatest(2, 3.7 + (${u('n', 3)} + ${u('n', 4)} + ${u('n', 5)} - 1.5) * 1.7))::numeric, 2) as dupr
         from generate_series(0, ${P - 1}) n
       ) g
     ) p`,
  )

  // The name search keys and their counts, which the profiles trigger keeps outside a replica-mode
  // load (migration 0004).
  add(
    'profile search keys',
    `insert into profile_search_keys (profile_id, key, is_email, first_name, last_name, created_at)
     select p.id, k.key, k.is_email, p.first_name, p.last_name, p.created_at
     from profiles p, profile_search_keys_of(p.first_name, p.last_name, p.email) k;
     insert into profile_search_key_counts (key, profiles)
     select key, count(*) from profile_search_keys group by key`,
  )

  add(
    'passwords',
    `insert into passwords (profile_id, hash, updated_at)
     select ${profileId('n')}, '${options.passwordHash}', now() from generate_series(0, ${P - 1}) n`,
  )

  // Accepted friends: 7 offsets, 14 friends each; the side that asked varies.
  add(
    'connections: friends',
    `insert into connections (requester_id, receiver_id, type, status, created_at, updated_at)
     select case when swap then ${profileId('b')} else ${profileId('a')} end,
       case when swap then ${profileId('a')} else ${profileId('b')} end,
       'friend', 'accepted', t, t + interval '1 day'
     from (
       select n as a, ${mod('n + off')} as b, ${u('n * 31 + off', 16)} < 0.5 as swap,
         now() - (10 + ${u('n * 37 + off', 17)} * 700) * interval '1 day' as t
       from generate_series(0, ${P - 1}) n cross join unnest(${friendOffsets}) off
     ) x`,
  )
  add(
    'connections: pending and rejected friend requests',
    `insert into connections (requester_id, receiver_id, type, status, created_at, updated_at)
     select ${profileId('n')}, ${profileId(mod(`n + ${o.pendingFriend}`))}, 'friend', 'pending', t, t
     from (select n, now() - ${u('n', 18)} * interval '60 days' as t
           from generate_series(0, ${P - 1}) n where n % 3 <> 0) x
     union all
     select ${profileId('n')}, ${profileId(mod(`n + ${o.rejectedFriend}`))}, 'friend', 'rejected', t, least(now(), t + interval '2 days')
     from (select n, now() - ${u('n', 19)} * interval '400 days' as t
           from generate_series(0, ${P - 1}) n where n % 4 = 0) x`,
  )
  add(
    'connections: regular partners and watching',
    `insert into connections (requester_id, receiver_id, type, status, created_at, updated_at)
     select ${profileId('n')}, ${profileId(mod(`n + ${o.friends[1]}`))}, 'partner', 'accepted', t, t
     from (select n, now() - ${u('n', 20)} * interval '300 days' as t
           from generate_series(0, ${P - 1}) n where n % 10 = 0) x
     union all
     select ${profileId('n')}, ${profileId(mod(`n + ${o.friends[2]}`))}, 'partner', 'pending', t, t
     from (select n, now() - ${u('n', 21)} * interval '30 days' as t
           from generate_series(0, ${P - 1}) n where n % 10 = 5) x
     union all
     select ${profileId('n')}, ${profileId(mod('n + off'))}, 'watched', 'accepted', t, t
     from (select n, off, now() - ${u('n * 7 + off', 22)} * interval '500 days' as t
           from generate_series(0, ${P - 1}) n cross join unnest(${ints(o.watched)}) off
           where off <> ${o.watched[2]} or n % 2 = 0) x`,
  )

  // PlayDates: the newest 30 days are mostly open; older ones were played, cancelled or matched.
  // No time is later than now: a run of the benchmark removes what was created after it started.
  add(
    'play dates',
    `create temp table bench_play_dates as
     select d, n, kc, status, created,
       case when status = 'open' then created
         else least(now(), created + (1 + ${u('d', 23)} * 72) * interval '1 hour') end as updated
     from (
       select d, n, kc, created,
         case when age < 30 then (case when r < 0.85 then 'open' when r < 0.95 then 'matched' else 'cancelled' end)
           else (case when r < 0.7 then 'completed' when r < 0.9 then 'cancelled' else 'matched' end) end as status
       from (
         select d, ${h('d', 24)} % ${P} as n, ${h('d', 25)} % 7 as kc, ${u('d', 26)} as r,
           (d + ${u('d', 27)}) / ${D}.0 * 730 as age,
           now() - ((d + ${u('d', 27)}) / ${D}.0 * 730) * interval '1 day' as created
         from generate_series(0, ${D - 1}) d
       ) a
     ) b;
     insert into play_dates (id, creator_id, partner_id, type, doubles_type, status, state, regions,
       payment_per_hour_min, payment_per_hour_max, description, cancelled_by, created_at, updated_at, team_dupr,
       starts_at, time_zone, duration_minutes)
     select ${playDateId('d')}, ${profileId('n')}, ${profileId(mod(`n + (${friendOffsets})[1 + kc]`))},
       case when ${u('d', 28)} < 0.5 then 'challenge' else 'earn' end, 'any', status, state,
       case when state <> 'AZ' then array['statewide']
         when ${u('d', 29)} < 0.5 then array[${pick(AZ_REGIONS, 'd', 30)}]
         else array[(${list(AZ_REGIONS)})[1 + ${h('d', 30)} % 10], (${list(AZ_REGIONS)})[1 + (${h('d', 30)} + 1 + ${h('d', 31)} % 9) % 10]] end,
       pay, pay, ${pick(DESCRIPTIONS, 'd', 32)},
       case when status = 'cancelled' then ${profileId('n')} end, created, updated,
       -- What the play_dates trigger computes (triggers are off during the load).
       (select avg(p.dupr_rating) from profiles p
        where p.id in (${profileId('n')}, ${profileId(mod(`n + (${friendOffsets})[1 + kc]`))})),
       -- When: open and matched games over the next 14 days, the others within a week of their
       -- creation; on the half hour, in the state's zone, 1 to 2.5 hours long.
       date_trunc('hour', case when status in ('open', 'matched') then now() else created end
         + (1 + ${u('d', 45)} * (case when status in ('open', 'matched') then 14 else 7 end) * 24) * interval '1 hour')
         + (${h('d', 46)} % 2) * interval '30 minutes',
       case state when 'AZ' then 'America/Phoenix' when 'CA' then 'America/Los_Angeles' when 'UT' then 'America/Denver'
         when 'TX' then 'America/Chicago' else 'America/New_York' end,
       60 + 30 * (${h('d', 46)} % 4)
     from (
       select *, ${pick(['AZ', 'AZ', 'AZ', 'AZ', 'FL', 'CA', 'UT', 'TX'], 'd', 33)} as state,
         5 * (3 + ${h('d', 34)} % 14) as pay
       from bench_play_dates
     ) x`,
  )

  // Applications: open PlayDates have up to three pending teams; played and matched ones an
  // accepted team and some declined; cancelled ones declined teams. Team k is n + applicant(k)
  // with their friend at the first offset.
  add(
    'play date requests',
    `insert into play_date_requests (play_date_id, requester_id, requester_partner_id, status, created_at, updated_at)
     select ${playDateId('d')}, ${profileId(mod(`n + (${applicants})[1 + k]`))},
       ${profileId(mod(`n + (${applicants})[1 + k] + ${first}`))},
       case when status = 'open' then 'pending' when status in ('matched', 'completed') and k = 0 then 'accepted'
         else 'declined' end,
       least(now(), created + (k + 1) * interval '3 hours'), updated
     from bench_play_dates cross join generate_series(0, 3) k
     where k < case status when 'open' then ${h('d', 35)} % 4 when 'cancelled' then ${h('d', 35)} % 3
       else 1 + ${h('d', 35)} % 3 end`,
  )
  add(
    'chat messages',
    `insert into play_date_messages (play_date_id, user_id, content, created_at)
     select ${playDateId('d')},
       case m % 4 when 0 then ${profileId('n')} when 1 then ${profileId(mod(`n + (${applicants})[1]`))}
         when 2 then ${profileId(mod(`n + (${friendOffsets})[1 + kc]`))}
         else ${profileId(mod(`n + (${applicants})[1] + ${first}`))} end,
       ${pick(MESSAGES, 'd * 13 + m', 36)},
       least(now(), created + (6 + m * 2 + ${u('d * 13 + m', 37)}) * interval '1 hour')
     from bench_play_dates cross join generate_series(0, 7) m
     where status in ('matched', 'completed') and m < ${h('d', 38)} % 6`,
  )

  // Ten per player on average, older ones mostly read, all within the days a server keeps them: a
  // running server deletes older ones within a minute of its start (maintenance.ts), and on the
  // embedded database that first delete of half the table held its one session for a while in
  // whichever benchmark step it fell.
  const kinds = NOTIFICATION_KINDS.map(
    ([type, title, tail], index) => `(${index}, '${type}', '${title}', '${tail}')`,
  ).join(', ')
  add(
    'notifications',
    `insert into notifications (user_id, type, title, message, link, read, created_at)
     select ${profileId(`${h('i', 40)} % ${P}`)}, k.type, k.title, ${anyName('i', 41)} || ' ' || k.tail,
       case when k.type = 'connection_request' then '/connections?view=received'
         when k.title = 'Friend Request Accepted' then '/profile/' || ${profileId(`${h('i', 43)} % ${P}`)}
         else '/playdates/' || ${playDateId(`${h('i', 44)} % ${D}`)} end,
       case when age > 7 then ${u('i', 45)} < 0.95 else ${u('i', 45)} < 0.3 end,
       now() - age * interval '1 day'
     from (
       select i, power(${u('i', 46)}, 2) * ${NOTIFICATIONS_KEPT_DAYS} as age, ${h('i', 47)} % ${NOTIFICATION_KINDS.length} as kind
       from generate_series(0, ${P * 10 - 1}) i
     ) x join (values ${kinds}) k(no, type, title, tail) on k.no = x.kind`,
  )

  // Every fifth player keeps a tournament partner list: three friends and two manual entries.
  add(
    'partner lists',
    `insert into partner_lists (id, user_id, name, created_at, updated_at)
     select ${listId('n')}, ${profileId('n')}, ${pick(LIST_NAMES, 'n', 50)}, t, t
     from (select n, now() - ${u('n', 51)} * interval '200 days' as t
           from generate_series(0, ${P - 1}) n where n % 5 = 0) x;
     insert into partner_list_entries (partner_list_id, first_name, last_name, dupr_rating, self_rating,
       platform_user_id, email, order_position, status, notes, created_at, updated_at)
     select ${listId('x.n')}, p.first_name, p.last_name, p.dupr_rating, p.self_rating, p.id,
       null, x.k, (array['unknown','maybe','not_interested'])[1 + ${h('x.n * 5 + x.k', 52)} % 3], '', now(), now()
     from (select n, k from generate_series(0, ${P - 1}) n cross join generate_series(0, 2) k where n % 5 = 0) x
     join profiles p on p.id = ${profileId(mod(`x.n + (${friendOffsets})[1 + x.k]`))}
     union all
     select ${listId('n')}, ${pick([...MALE, ...FEMALE], 'n * 5 + k', 53)},
       ${pick(LAST, 'n * 5 + k', 54)}, round((2.5 + ${u('n * 5 + k', 55)} * 3)::numeric, 2), null, null,
       'invitee' || n || '.' || k || '@example.org', k, 'unknown', 'Met at the club social', now(), now()
     from generate_series(0, ${P - 1}) n cross join generate_series(3, 4) k where n % 5 = 0`,
  )

  add(
    'signup codes',
    `insert into signup_codes (code, url_code, user_id, used_at, created_by_id, created_at)
     select (1000000 + i)::text, case when i % 10 = 0 then 'bench-' || i end,
       case when i % 2 = 0 then ${profileId(`${h('i', 60)} % ${P}`)} end,
       case when i % 2 = 0 then now() - ${u('i', 61)} * interval '300 days' end,
       ${profileId('0')}, now() - (300 + ${u('i', 62)} * 400) * interval '1 day'
     from generate_series(0, ${Math.max(1, Math.floor(P / 10)) - 1}) i`,
  )
  // Near me (docs/decisions/0158): nine PlayDates in ten at a venue around one of their state's
  // cities, within about 25 miles of its centre (three in four of Arizona's around Phoenix), the
  // tenth at a place without coordinates; every player's home around Phoenix, where the games
  // are densest.
  add(
    'places',
    `update play_dates p set latitude = c.lat + (${u('p.id', 70)} - 0.5) * 0.7,
       longitude = c.lng + (${u('p.id', 71)} - 0.5) * 0.8
     from (values ('AZ', 0, 33.45, -112.07), ('AZ', 1, 33.45, -112.07), ('AZ', 2, 33.45, -112.07),
       ('AZ', 3, 32.22, -110.97), ('FL', 0, 27.95, -82.46), ('FL', 1, 28.54, -81.38), ('FL', 2, 25.77, -80.19),
       ('FL', 3, 27.95, -82.46), ('CA', 0, 34.05, -118.24), ('CA', 1, 32.72, -117.16), ('CA', 2, 34.05, -118.24),
       ('CA', 3, 37.34, -121.89), ('UT', 0, 40.76, -111.89), ('UT', 1, 40.76, -111.89), ('UT', 2, 40.23, -111.66),
       ('UT', 3, 37.1, -113.58), ('TX', 0, 30.27, -97.74), ('TX', 1, 29.76, -95.37), ('TX', 2, 32.78, -96.8),
       ('TX', 3, 29.42, -98.49)) as c(state, k, lat, lng)
     where c.state = p.state and c.k = ${h('p.id', 72)} % 4 and ${u('p.id', 73)} < 0.9;
     update profiles set home_latitude = round((33.45 + (${u('id', 74)} - 0.5) * 0.5)::numeric, 2),
       home_longitude = round((-112.07 + (${u('id', 75)} - 0.5) * 0.6)::numeric, 2), home_place = 'Phoenix, AZ'`,
  )
  add('clean up', 'drop table bench_play_dates')
  return steps
}
