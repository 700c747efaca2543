import { Share2 } from 'lucide-react'
import { hasShareSheet, openShareSheet } from '../../lib/share-sheet'
import { toast } from '../../lib/toast'
import { Button } from './button'

// "Share link": the device's share sheet with the link, so a phone sends it straight to a chat or a
// text. Shown only where there is a share sheet; "Copy link" stays beside it.
export function ShareLinkButton({ url, title, text }: { url: string; title: string; text: string }) {
  const share = async () => {
    if ((await openShareSheet({ title, text, url })) === 'failed') {
      toast.error('Could not open sharing: copy the link instead')
    }
  }
  if (!hasShareSheet()) return null
  return (
    <Button variant="secondary" onClick={() => void share()}>
      <Share2 aria-hidden="true" className="size-4" />
      Share link
    </Button>
  )
}
