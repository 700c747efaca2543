import { ArrowLeft } from 'lucide-react'
import { createContext, type ReactNode } from 'react'
import { kindDescription, type PlayDateKind } from '../../../../domain/play-dates/play-date.constants'
import { Button } from '../../../components/ui/button'
import { PageLoading } from '../../../components/ui/spinner'
import { TypeChip } from './play-date-badges'

// A PlayDate page opens with its header (the kind of game, then everything else below it) in its
// HTML: the build renders that first view once for each kind (Pay, Earn, Free) while this context
// names it (prerender.tsx), and the server sends the one of the PlayDate a player opens, when they
// may see it (docs/decisions/0123-play-date-first-view.md). In the browser it names nothing.
export const PlayDateFirstViewKind = createContext<PlayDateKind | null>(null)

export function BackButton({ onClick }: { onClick?: () => void }) {
  return (
    <div>
      <Button variant="ghost" size="sm" onClick={onClick} className="-ml-3">
        <ArrowLeft aria-hidden="true" className="size-4" />
        Back
      </Button>
    </div>
  )
}

// The PlayDate's chips, its heading and what follows it (`children`): the same markup in the first
// view and on the page, so the page's heading takes the first view's place without moving.
export function PlayDateHeader({
  kind,
  badges,
  inPane = false,
  children,
}: {
  kind: PlayDateKind
  badges?: ReactNode
  inPane?: boolean
  children?: ReactNode
}) {
  return (
    <header className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <TypeChip kind={kind} />
        {badges}
      </div>
      <h1 className={`text-title font-bold tracking-tight text-slate-900 ${inPane ? '' : 'sm:text-3xl'}`}>
        {kindDescription(kind)}
      </h1>
      {children}
    </header>
  )
}

// The page's column as it opens on a phone or a tablet: Back, the header, then the loading line
// where the rest comes. From `lg` up the PlayDate shows beside the list instead, which the app
// lays out itself (0105): there the first view stays hidden.
export function PlayDateFirstView({ kind }: { kind: PlayDateKind }) {
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-4 sm:gap-6 lg:hidden">
      <BackButton />
      <PlayDateHeader kind={kind} />
      <PageLoading />
    </div>
  )
}
