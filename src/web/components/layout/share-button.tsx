import { Check, Share2 } from 'lucide-react'
import { openShareSheet } from '../../lib/share-sheet'
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
    // Without a sheet, or when it fails, the link is copied instead.
    if ((await openShareSheet({ title: config.productName, text: TAGLINE, url })) !== 'failed') return
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
