import { Check, Share2 } from 'lucide-react'
import { toast } from '../../lib/toast'
import { config } from '../../lib/config'
import { useCopyToClipboard } from '../../lib/use-copy-to-clipboard'
import { TAGLINE } from '../../../domain/product'

// Shares the app itself: the device's share sheet where there is one, else the link is copied.
export function ShareButton({
  className,
  iconClassName = 'size-4',
}: {
  className: string
  iconClassName?: string
}) {
  const { copy, isCopied } = useCopyToClipboard()

  const share = async () => {
    const url = `${window.location.origin}/`
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: config.productName, text: TAGLINE, url })
        return
      } catch (error) {
        // Closing the share sheet is a choice, not a failure.
        if (error instanceof DOMException && error.name === 'AbortError') return
      }
    }
    if (await copy(url)) toast.success('Link copied to clipboard!')
    else toast.error('Could not copy the link')
  }

  return (
    <button type="button" className={className} onClick={() => void share()}>
      {isCopied ? (
        <Check aria-hidden="true" className={iconClassName} />
      ) : (
        <Share2 aria-hidden="true" className={iconClassName} />
      )}
      <span>{isCopied ? 'Copied!' : 'Share'}</span>
    </button>
  )
}
