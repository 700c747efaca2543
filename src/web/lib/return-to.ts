// Where to go after signing in: only a path of this app ('/x', never '//host' or a full URL),
// so a crafted link cannot send a player to another site.
export function safeReturnTo(value: unknown): string | null {
  return typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') ? value : null
}

// The returnTo a page was given in its router state, if it is safe to follow.
export function returnToInState(state: unknown): string | null {
  return safeReturnTo((state as { returnTo?: unknown } | null)?.returnTo)
}
