export function accessMessage(change: { isAdmin?: boolean; isPaused?: boolean }) {
  if (change.isAdmin !== undefined)
    return change.isAdmin ? 'User promoted to admin' : 'User demoted from admin'
  return change.isPaused ? 'User access paused' : 'User access resumed'
}
