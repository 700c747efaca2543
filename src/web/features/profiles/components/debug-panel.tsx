import { Bug } from 'lucide-react'
import { useId, useState } from 'react'
import type { PublicProfileOutput } from '../../../../domain/profiles/public-profile.schema'
import { Button } from '../../../components/ui/button'

// For the profile's owner and admins, the only ones the server sends `debug` to: what the profile
// query returned. The data never holds an email address (the server does not send it).
export function DebugPanel({
  data,
  debug,
  clientMs,
}: {
  data: PublicProfileOutput
  debug: NonNullable<PublicProfileOutput['debug']>
  clientMs: number
}) {
  const [open, setOpen] = useState(false)
  const panelId = useId()
  return (
    <section className="mt-8">
      <Button
        variant="secondary"
        size="sm"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
      >
        <Bug aria-hidden="true" className="size-4" />
        {open ? 'Hide Debug Info' : 'Show Debug Info'}
      </Button>
      {open ? (
        <div id={panelId} className="mt-3 rounded-2xl border border-slate-300 bg-slate-50 p-4 text-sm">
          <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr]">
            <dt className="font-semibold text-slate-700">Profile ID</dt>
            <dd className="font-mono break-all text-slate-900">{data.profile.id}</dd>
            <dt className="font-semibold text-slate-700">Query time</dt>
            <dd className="text-slate-900">{clientMs} ms</dd>
            <dt className="font-semibold text-slate-700">Friend IDs</dt>
            <dd className="text-slate-900">{debug.friendIds.length}</dd>
            <dt className="font-semibold text-slate-700">Watched IDs</dt>
            <dd className="text-slate-900">{debug.watchedIds.length}</dd>
          </dl>
          <h3 className="mt-4 font-semibold text-slate-700">Raw data</h3>
          <pre className="mt-1 max-h-96 overflow-auto rounded-lg bg-slate-900 p-3 text-xs text-slate-100">
            {JSON.stringify(data, null, 2)}
          </pre>
        </div>
      ) : null}
    </section>
  )
}
