// A player without a photo is shown by their initials on a colour of their own
// (docs/decisions/0098-profile-photos.md). The colour follows the name, so the same player looks
// the same on every screen and every device, and it changes only when the name does.

// Every colour carries white text at WCAG AA (at least 4.5:1; avatar.rules.test.ts checks each).
export const AVATAR_COLOURS = [
  '#b91c1c',
  '#c2410c',
  '#a16207',
  '#15803d',
  '#047857',
  '#0f766e',
  '#0e7490',
  '#0369a1',
  '#1d4ed8',
  '#4338ca',
  '#6d28d9',
  '#7e22ce',
  '#a21caf',
  '#be185d',
  '#be123c',
  '#475569',
] as const
export type AvatarColour = (typeof AVATAR_COLOURS)[number]

type Name = { firstName: string; lastName: string }

// The first letter of each name, in capitals ('Sarah Johnson' → 'SJ'); a letter outside the
// basic plane (an emoji, some scripts) is kept whole.
export function avatarInitials({ firstName, lastName }: Name): string {
  const first = Array.from(firstName.trim())[0] ?? ''
  const last = Array.from(lastName.trim())[0] ?? ''
  const initials = `${first}${last}`.toLocaleUpperCase('en')
  return initials || '?'
}

// FNV-1a over the name as it reads (trimmed, lower case): the same name always gives the same
// colour, and names spread evenly over the palette.
export function avatarColour({ firstName, lastName }: Name): AvatarColour {
  const key = `${firstName.trim()} ${lastName.trim()}`.toLocaleLowerCase('en')
  let hash = 0x811c9dc5
  for (let i = 0; i < key.length; i++) {
    hash ^= key.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193) >>> 0
  }
  return AVATAR_COLOURS[hash % AVATAR_COLOURS.length] as AvatarColour
}
