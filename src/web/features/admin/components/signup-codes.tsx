import { Check, Copy, Link as LinkIcon, Plus } from 'lucide-react'
import { useState } from 'react'
import { toast } from '../../../lib/toast'
import type { SignupCode } from '../../../../domain/admin/admin.schema'
import { Button } from '../../../components/ui/button'
import { LoadMore } from '../../../components/ui/load-more'
import { useCopyToClipboard } from '../../../lib/use-copy-to-clipboard'
import { useSignupCodes } from '../api/admin.queries'
import { CreateCodeDialog } from './create-code-dialog'
import { Badge } from './status-badge'
import { AdminTable, type Column } from './admin-table'
import { formatDayAndTime } from '../../../../domain/display-dates'

export const signupLink = (urlCode: string) =>
  `${window.location.origin}/signup?code=${encodeURIComponent(urlCode)}`

const formatDate = (iso: string | null) => (iso ? formatDayAndTime(iso) : '-')

const columns = ({
  copiedKey,
  onCopy,
}: {
  copiedKey: string | null
  onCopy: (text: string, key: string) => void
}): Column<SignupCode, never>[] => [
  { header: 'Code', className: 'font-mono font-semibold', cell: (code) => code.code },
  { header: 'URL Code', className: 'font-mono', cell: (code) => code.urlCode ?? '-' },
  {
    header: 'Status',
    cell: (code) =>
      code.status === 'used' ? <Badge tone="red">Used</Badge> : <Badge tone="green">Available</Badge>,
  },
  {
    header: 'Used By',
    cell: (code) => (code.usedBy ? `${code.usedBy.firstName} ${code.usedBy.lastName}` : '-'),
  },
  { header: 'Used At', cell: (code) => formatDate(code.usedAt) },
  { header: 'Created', cell: (code) => formatDate(code.createdAt) },
  {
    header: 'Actions',
    cell: (code) => (
      <div className="flex flex-wrap gap-1">
        <CopyButton
          word="Copy code"
          label={`Copy code ${code.code}`}
          copied={copiedKey === `code:${code.id}`}
          onClick={() => onCopy(code.code, `code:${code.id}`)}
          icon={<Copy aria-hidden="true" className="size-4" />}
        />
        {code.urlCode ? (
          <CopyButton
            word="Copy link"
            label={`Copy link for ${code.urlCode}`}
            copied={copiedKey === `link:${code.id}`}
            onClick={() => onCopy(signupLink(code.urlCode!), `link:${code.id}`)}
            icon={<LinkIcon aria-hidden="true" className="size-4" />}
          />
        ) : null}
      </div>
    ),
  },
]

export function SignupCodes() {
  const codes = useSignupCodes()
  const items = codes.data?.pages.flatMap((page) => page.items)
  const [creating, setCreating] = useState(false)
  const { copy, copiedKey } = useCopyToClipboard()

  const copyValue = async (text: string, key: string) => {
    if (await copy(text, key)) toast.success('Copied to clipboard')
    else toast.error('Error copying to clipboard')
  }

  return (
    // With under 16 rem of room (a phone's text made much larger) Create Code goes under the heading.
    <section aria-labelledby="codes-heading" className="@container">
      <div className="mb-4 flex flex-col items-start gap-3 @min-[16rem]:flex-row @min-[16rem]:items-center @min-[16rem]:justify-between">
        <h2 id="codes-heading" className="text-lg font-semibold text-slate-700">
          All codes, newest first
        </h2>
        <Button onClick={() => setCreating(true)}>
          <Plus aria-hidden="true" className="size-4" /> Create Code
        </Button>
      </div>
      <AdminTable
        columns={columns({ copiedKey, onCopy: (text, key) => void copyValue(text, key) })}
        rows={items}
        rowKey={(code) => code.id}
        minWidth={760}
        isPending={codes.isPending}
        error={
          codes.isError && !codes.data
            ? codes.error.message || 'Error loading codes. Please try again.'
            : null
        }
        onRetry={() => void codes.refetch()}
        empty={
          <>
            <p className="font-semibold">No signup codes</p>
            <p className="text-slate-600">Get started by creating a new signup code</p>
          </>
        }
      />
      <LoadMore query={codes}>
        <p className="text-sm text-slate-600">Showing the newest {items?.length ?? 0} codes</p>
      </LoadMore>
      <CreateCodeDialog open={creating} onClose={() => setCreating(false)} />
    </section>
  )
}

// As the other admin actions (IconButton): on a phone, with no tooltip, a word beside the icon.
function CopyButton({
  label,
  word,
  copied,
  onClick,
  icon,
}: {
  label: string
  word: string
  copied: boolean
  onClick: () => void
  icon: React.ReactNode
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      title={label}
      className="inline-flex min-h-11 min-w-11 items-center justify-center gap-1.5 rounded-lg border border-slate-200 px-3 text-sm font-semibold text-slate-700 hover:bg-slate-100 sm:size-11 sm:px-0"
    >
      {copied ? <Check aria-hidden="true" className="size-4 text-green-700" /> : icon}
      <span aria-hidden="true" className="sm:hidden">
        {word}
      </span>
      <span className="sr-only">{copied ? 'Copied!' : label}</span>
    </button>
  )
}
