import { format, isSameDay } from 'date-fns'

// The words of the offline banner (docs/decisions/0095-offline-last-seen-data.md): when the data
// shown was fetched, in the player's local time; 'at 8:14 AM' today, 'on Nov 24 at 8:14 AM'
// before. A module of its own: date-fns loads when the network goes, not with every signed-in
// page (the service worker keeps it, vite.config.ts).
export function offlineNotice(fetchedAt: number | undefined, now: Date): string {
  if (fetchedAt === undefined) return "Offline: pages you haven't opened before need a connection."
  const at = new Date(fetchedAt)
  const time = format(at, 'h:mm a')
  return isSameDay(at, now)
    ? `Offline: showing what you saw at ${time}`
    : `Offline: showing what you saw on ${format(at, 'MMM d')} at ${time}`
}
