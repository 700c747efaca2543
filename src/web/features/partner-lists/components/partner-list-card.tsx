import { ListOrdered, Trash2 } from 'lucide-react'
import { Link } from 'react-router'
import type { PartnerListSummary } from '../../../../domain/partner-lists/partner-list.schema'
import { Button, ButtonLink } from '../../../components/ui/button'
import { formatDay } from '../../../../domain/display-dates'

export function PartnerListCard({
  list,
  onDelete,
}: {
  list: PartnerListSummary
  onDelete: (list: PartnerListSummary) => void
}) {
  const href = `/partner-lists/${list.id}`
  return (
    <article className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex items-start gap-3">
        <ListOrdered aria-hidden="true" className="mt-1 size-5 shrink-0 text-brand-700" />
        <div className="min-w-0">
          <h2 className="text-lg font-bold text-slate-900">
            <Link
              to={href}
              className="inline-flex min-h-11 items-center hover:underline focus-visible:underline"
            >
              {list.name}
            </Link>
          </h2>
          <p className="text-sm text-slate-600">
            {list.entryCount === 1 ? '1 partner' : `${list.entryCount} partners`} · Created{' '}
            <time dateTime={list.createdAt}>{formatDay(list.createdAt)}</time>
          </p>
        </div>
      </div>
      <div className="mt-auto flex flex-wrap gap-2 pt-4">
        <ButtonLink to={href} variant="secondary" size="sm" aria-label={`Open ${list.name}`}>
          Open
        </ButtonLink>
        <Button variant="ghost" size="sm" onClick={() => onDelete(list)} aria-label={`Delete ${list.name}`}>
          <Trash2 aria-hidden="true" className="size-4 text-red-700" />
          Delete
        </Button>
      </div>
    </article>
  )
}
