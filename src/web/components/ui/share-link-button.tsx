import { Share2 } from 'lucide-react'
import { toast } from '../../lib/toast'
import { Button } from './button'

// Whether the device has a share sheet (phones, and some desktops).
export const canShareLinks = () => typeof navigator !== 'undefined' && typeof navigator.share === 'function'

// "Share link": the device's share sheet with the link, so a phone sends it straight to a chat or a
// text. Shown only where there is a share sheet; "Copy link" stays beside it.
export function ShareLinkButton({ url, title, text }: { url: string; title: string; text: string }) {
  const share = async () => {
    try {
      await navigator.share({ title, text, url })
    } catch (error) {
      // Closing the share sheet is a choice, not a failure.
      if (error instanceof DOMException && error.name === 'AbortError') return
      toast.error('Could not open sharing: copy the link instead')
    }
  }
  if (!canShareLinks()) return null
  return (
    <Button variant="secondary" onClick={() => void share()}>
      <Share2 aria-hidden="true" className="size-4" />
      Share link
    </Button>
  )
}
