// Players driven over real HTTP, as a browser would: cookies kept, the app's own Origin sent.

export interface Answer {
  status: number
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any
  text: string
}

export class HttpPlayer {
  // Every cookie the server set: the session, and the sign-up browser's key that lets the
  // confirmation link sign this player in.
  readonly cookies = new Map<string, string>()
  id = ''
  email = ''

  constructor(readonly baseUrl: string) {}

  get cookie() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
  }

  async call(method: string, path: string, body?: unknown): Promise<Answer> {
    const res = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: {
        origin: this.baseUrl,
        ...(this.cookies.size ? { cookie: this.cookie } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    for (const line of res.headers.getSetCookie()) {
      const pair = line.split(';')[0]!
      const at = pair.indexOf('=')
      const name = pair.slice(0, at)
      if (at === pair.length - 1) this.cookies.delete(name)
      else this.cookies.set(name, pair.slice(at + 1))
    }
    const text = await res.text()
    let parsed: unknown
    try {
      parsed = text ? JSON.parse(text) : undefined
    } catch {
      parsed = undefined
    }
    return { status: res.status, body: parsed, text }
  }

  // Fails loudly unless the answer is the expected status.
  async expect(status: number, method: string, path: string, body?: unknown) {
    const answer = await this.call(method, path, body)
    if (answer.status !== status) {
      throw new Error(
        `${method} ${path} answered ${answer.status}, not ${status}: ${answer.text.slice(0, 300)}`,
      )
    }
    return answer.body
  }
}

let counter = 0
export const uniqueEmail = (name: string) =>
  `${name}-${Date.now().toString(36)}${(counter++).toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`

export const PASSWORD = 'durable-pass-1'

export const signUpBody = (email: string, firstName: string) => ({
  firstName,
  lastName: `Player${Math.random().toString(36).slice(2, 7)}`,
  gender: 'female',
  duprRating: 3.5,
  selfRating: 3.5,
  birthdate: '1990-06-15',
  zipCode: '85004',
  email,
  password: PASSWORD,
  consent: true,
})

// Signs up, confirms through the development mailbox (signs in) and learns its id.
export async function confirmedPlayer(baseUrl: string, firstName: string): Promise<HttpPlayer> {
  const player = new HttpPlayer(baseUrl)
  player.email = uniqueEmail(firstName.toLowerCase())
  await player.expect(201, 'POST', '/api/auth/sign-up', signUpBody(player.email, firstName))
  const mail = await player.expect(200, 'GET', `/api/dev/mail?to=${encodeURIComponent(player.email)}`)
  const link = (mail as Array<{ links: string[] }>).flatMap((m) => m.links).find((l) => l.includes('token='))
  if (!link) throw new Error(`no confirmation link for ${player.email}`)
  const token = new URL(link).searchParams.get('token')
  await player.expect(200, 'POST', '/api/auth/confirm-email', { token })
  const me = await player.expect(200, 'GET', '/api/profiles/me')
  player.id = me.id
  return player
}

export async function befriend(a: HttpPlayer, b: HttpPlayer) {
  const request = await a.expect(201, 'POST', '/api/connections/friend-requests', { receiverId: b.id })
  await b.expect(200, 'POST', `/api/connections/${request.id}/accept`)
}

export const playDateInput = (partnerId: string, description = 'Doubles at the courts') => ({
  type: 'challenge',
  state: 'TX',
  regions: ['statewide'],
  partnerId,
  amount: 25,
  description,
  // 8:00 AM a week from today.
  startDate: new Date(Date.now() + 7 * 24 * 60 * 60_000).toISOString().slice(0, 10),
  startTime: '08:00',
})
