import { Check, Copy } from 'lucide-react'
import { useCopyToClipboard } from '../../lib/use-copy-to-clipboard'
import { Button } from './button'

// "Copy link", saying "Copied" for two seconds once the link is on the clipboard.
export function CopyLinkButton({ url }: { url: string }) {
  const { copy, isCopied } = useCopyToClipboard()
  return (
    <Button variant="secondary" onClick={() => void copy(url)}>
      {isCopied ? (
        <Check aria-hidden="true" className="size-4" />
      ) : (
        <Copy aria-hidden="true" className="size-4" />
      )}
      {isCopied ? 'Copied' : 'Copy link'}
    </Button>
  )
}
