interface Named {
  firstName: string
  lastName: string
}

// Names compare without case and extra spaces: 'Ann  Lee' is 'ann lee'.
const normalizeName = (value: string) => value.trim().replace(/\s+/g, ' ').toLowerCase()

export const hasSameName = (a: Named, b: Named) =>
  normalizeName(a.firstName) === normalizeName(b.firstName) &&
  normalizeName(a.lastName) === normalizeName(b.lastName)

// A friend is already in a list when an entry links to them, or carries the same first and last name.
export function isAlreadyInList(
  entries: ReadonlyArray<Named & { platformUserId: string | null }>,
  friend: Named & { id: string },
) {
  return entries.some((entry) => entry.platformUserId === friend.id || hasSameName(entry, friend))
}

// True when `ids` names every entry of the list exactly once, in any order.
export function isFullOrder(ids: readonly string[], entryIds: readonly string[]) {
  if (ids.length !== entryIds.length) return false
  const known = new Set(entryIds)
  const seen = new Set<string>()
  for (const id of ids) {
    if (!known.has(id) || seen.has(id)) return false
    seen.add(id)
  }
  return true
}

// The landing page link of an invitation, with the invitee's details to prefill sign-up.
export function inviteLink(
  origin: string,
  code: string,
  invitee: { firstName: string; lastName: string; email: string },
) {
  const query = new URLSearchParams({
    firstName: invitee.firstName,
    lastName: invitee.lastName,
    email: invitee.email,
  })
  return `${origin.replace(/\/+$/, '')}/invite/${encodeURIComponent(code)}?${query.toString()}`
}
