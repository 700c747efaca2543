import { useCallback, useEffect, useRef, useState } from 'react'

export const COPIED_FOR_MS = 2000

// Clipboard API first; the old selection trick where it is missing (plain http on a LAN).
async function writeToClipboard(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text)
      return true
    }
  } catch {
    // Fall through to the legacy path.
  }
  const textarea = document.createElement('textarea')
  textarea.value = text
  textarea.setAttribute('readonly', '')
  textarea.style.position = 'fixed'
  textarea.style.opacity = '0'
  document.body.appendChild(textarea)
  textarea.select()
  try {
    return document.execCommand('copy')
  } catch {
    return false
  } finally {
    textarea.remove()
  }
}

// copy(text, key) answers whether it worked; copiedKey names what was copied during the
// last two seconds, so a page with several copy buttons can flip only the one pressed.
export function useCopyToClipboard(resetAfterMs = COPIED_FOR_MS) {
  const [copiedKey, setCopiedKey] = useState<string | null>(null)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)

  useEffect(() => () => clearTimeout(timer.current), [])

  const copy = useCallback(
    async (text: string, key: string = text) => {
      const copied = await writeToClipboard(text)
      if (!copied) return false
      clearTimeout(timer.current)
      setCopiedKey(key)
      timer.current = setTimeout(() => setCopiedKey(null), resetAfterMs)
      return true
    },
    [resetAfterMs],
  )

  return { copy, copiedKey, isCopied: copiedKey !== null }
}
