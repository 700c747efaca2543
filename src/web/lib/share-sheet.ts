// The device's share sheet (phones, and some desktops), where there is one.
export const hasShareSheet = () => typeof navigator !== 'undefined' && typeof navigator.share === 'function'

// Opens the share sheet with `data`: 'shared', 'closed' when the player closed it (a choice, not a
// failure), or 'failed' (no sheet, or it could not open).
export async function openShareSheet(data: ShareData): Promise<'shared' | 'closed' | 'failed'> {
  if (!hasShareSheet()) return 'failed'
  try {
    await navigator.share(data)
    return 'shared'
  } catch (error) {
    return error instanceof DOMException && error.name === 'AbortError' ? 'closed' : 'failed'
  }
}
