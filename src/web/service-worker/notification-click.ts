// What the service worker does with a push and a tap on its notification, as plain functions the
// unit tests can run (sw.ts wires them to the events).

export interface ShownPush {
  title: string
  options: { body: string; tag: string; data: { url: string }; icon: string; badge: string }
  // Left out while the app is visible on the device (a chat message).
  quietWhileOpen: boolean
}

const ICON = '/icons/icon-192.png'
// Where a tap goes when the payload names no page of this app.
export const FALLBACK_PATH = '/notifications'

// The server sends {title, body, url, tag} (domain/push/push.schema.ts). A push whose data is
// missing or malformed still shows something: a browser may count a push that shows nothing
// against the site (userVisibleOnly).
export function notificationFromPush(data: string | null | undefined): ShownPush {
  let parsed: Record<string, unknown> = {}
  try {
    const value: unknown = data ? JSON.parse(data) : {}
    if (value && typeof value === 'object') parsed = value as Record<string, unknown>
  } catch {
    // Not JSON: shown as the generic notification below.
  }
  const text = (key: string) => (typeof parsed[key] === 'string' ? (parsed[key] as string) : '')
  return {
    title: text('title') || 'PickleMatch',
    options: {
      body: text('body'),
      tag: text('tag'),
      data: { url: text('url') || FALLBACK_PATH },
      icon: ICON,
      badge: ICON,
    },
    quietWhileOpen: parsed.quietWhileOpen === true,
  }
}

// Whether a window of this app is on screen: then a chat message's push shows nothing, as the
// page itself follows the chat and the badge live.
export function appIsVisible(
  windows: ReadonlyArray<{ url: string; visibilityState?: string }>,
  origin: string,
) {
  return windows.some((w) => w.visibilityState === 'visible' && new URL(w.url).origin === origin)
}

// The page a tap opens: a path or URL of this app only, never another site (the payload comes
// from our server, but a tap must not become an open redirect).
export function clickTargetUrl(url: unknown, origin: string): string {
  const fallback = new URL(FALLBACK_PATH, origin).href
  if (typeof url !== 'string' || url === '') return fallback
  try {
    const target = new URL(url, origin)
    return target.origin === origin ? target.href : fallback
  } catch {
    return fallback
  }
}

// The app window a tap brings forward: the focused one, else the first of this app; none means a
// new window opens.
export function pickWindow<T extends { url: string; focused?: boolean }>(
  windows: readonly T[],
  origin: string,
): T | undefined {
  const ours = windows.filter((w) => {
    try {
      return new URL(w.url).origin === origin
    } catch {
      return false
    }
  })
  return ours.find((w) => w.focused) ?? ours[0]
}
