// A reminder written before docs/decisions/0206 opened its message with the game ("Wed, Dec 2 ·
// 9:00 AM MST at Red Mountain Pickleball Park, 1 Main St, Mesa: Ann & Ben vs Cal & Dee"), and the
// game's own line under it said the same again while the three lines cut the players off. Such a
// stored message is shown from after its opening when that opening is the game's line (with the
// venue's address after it, at a venue). Reminders now say only who plays and the venue's address.
export function withoutGameLabel(message: string, gameLabel: string | undefined): string {
  if (!gameLabel || !message.startsWith(gameLabel)) return message
  const rest = message.slice(gameLabel.length)
  const colon = rest.indexOf(': ')
  // Right after the label, or after the venue's address that follows it (", 1 Main St, Mesa").
  if (colon === 0 || (colon > 0 && rest.startsWith(', '))) return rest.slice(colon + 2)
  return message
}
