// The keys of a tab strip, as the ARIA tabs pattern has them: Left and Right move to the
// previous and next tab (wrapping around), Home and End to the first and last. Given the key
// and the index of the focused tab, the index of the tab to move to, or null for any other key.
export function tabKeyTarget(key: string, index: number, count: number): number | null {
  if (count <= 0) return null
  switch (key) {
    case 'ArrowRight':
      return (index + 1) % count
    case 'ArrowLeft':
      return (index - 1 + count) % count
    case 'Home':
      return 0
    case 'End':
      return count - 1
    default:
      return null
  }
}
