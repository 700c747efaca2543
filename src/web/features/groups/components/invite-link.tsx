import { RefreshCw } from 'lucide-react'
import { Fragment, useState } from 'react'
import { Button } from '../../../components/ui/button'
import { ConfirmDialog } from '../../../components/ui/dialog'
import { CopyLinkButton } from '../../../components/ui/copy-link-button'
import { ShareLinkButton } from '../../../components/ui/share-link-button'
import { config } from '../../../lib/config'
import { toast } from '../../../lib/toast'
import { useRenewInviteLink } from '../api/groups.queries'

// The organisers' invite link: shared or copied in one tap, or replaced when it spread too far.
export function InviteLink({
  groupId,
  groupName,
  invitePath,
}: {
  groupId: string
  groupName: string
  invitePath: string
}) {
  const renew = useRenewInviteLink(groupId)
  const [confirming, setConfirming] = useState(false)
  const url = `${window.location.origin}${invitePath}`
  // A line break, where one is needed, comes after a slash ("…/groups/" then "join/" and the
  // code); only a piece longer than the line breaks inside.
  const pieces = url.split(/(?<=\/)/)
  return (
    <section
      aria-labelledby="invite-link"
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 id="invite-link" className="text-lg font-bold text-slate-900">
        Invite link
      </h2>
      <p className="mt-1 text-sm text-pretty text-slate-600">Send it to the players you want in the group.</p>
      <p className="mt-2 rounded-lg bg-slate-50 px-3 py-2 font-mono text-sm wrap-anywhere text-slate-800">
        {pieces.map((piece, index) => (
          <Fragment key={index}>
            {index > 0 ? <wbr /> : null}
            {piece}
          </Fragment>
        ))}
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <ShareLinkButton url={url} title={groupName} text={`Join ${groupName} on ${config.productName}`} />
        <CopyLinkButton url={url} />
        <Button variant="ghost" onClick={() => setConfirming(true)}>
          <RefreshCw aria-hidden="true" className="size-4" />
          New link
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        title="New invite link"
        message="The old link will stop working. Players who joined stay in the group."
        confirmLabel="Make a new link"
        isPending={renew.isPending}
        onConfirm={() =>
          renew.mutate(undefined, {
            onSuccess: () => toast.success('New invite link made'),
            onError: (error) => toast.error(error.message),
            onSettled: () => setConfirming(false),
          })
        }
        onCancel={() => setConfirming(false)}
      />
    </section>
  )
}
