import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  type UniqueIdentifier,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core'
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable'
import { CSS } from '@dnd-kit/utilities'
import { useRef } from 'react'
import type { PartnerEntry } from '../../../../domain/partner-lists/partner-list.schema'
import { EntryCard, entryName } from './entry-card'

function SortableEntry({
  listId,
  entry,
  position,
  onRemove,
}: {
  listId: string
  entry: PartnerEntry
  position: number
  onRemove: (entry: PartnerEntry) => void
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: entry.id })
  return (
    <EntryCard
      ref={setNodeRef}
      listId={listId}
      entry={entry}
      position={position}
      handleProps={{ ...attributes, ...listeners }}
      setHandleRef={setActivatorNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      isDragging={isDragging}
      onRemove={onRemove}
    />
  )
}

// The entries in order. Each is moved by its handle: drag with a mouse or a finger, or focus
// the handle, press Space, move with the arrow keys and press Space again.
export function SortableEntries({
  listId,
  entries,
  onReorder,
  onRemove,
}: {
  listId: string
  entries: PartnerEntry[]
  onReorder: (entryIds: string[]) => void
  onRemove: (entry: PartnerEntry) => void
}) {
  const sensors = useSensors(
    // Mouse, pen and touch alike. The handle alone takes no scrolling gestures (touch-action:
    // none), so the page still scrolls everywhere else.
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  )
  const lastOver = useRef<UniqueIdentifier | null>(null)
  const ids = entries.map((entry) => entry.id)
  const nameOf = (id: string | number) => {
    const entry = entries.find((e) => e.id === id)
    return entry ? entryName(entry) : 'Partner'
  }
  const placeOf = (id: string | number | undefined) =>
    `position ${ids.indexOf(String(id)) + 1} of ${ids.length}`

  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      lastOver.current = active.id
      return `Picked up ${nameOf(active.id)}, at ${placeOf(active.id)}.`
    },
    // Only a change of place is news: the first 'over' (its own place) would drown the pick-up.
    onDragOver: ({ active, over }) => {
      const overId = over?.id ?? null
      if (overId === lastOver.current) return undefined
      lastOver.current = overId
      return over
        ? `${nameOf(active.id)} is over ${placeOf(over.id)}.`
        : `${nameOf(active.id)} is outside the list.`
    },
    onDragEnd: ({ active, over }) =>
      over ? `${nameOf(active.id)} dropped at ${placeOf(over.id)}.` : `${nameOf(active.id)} dropped.`,
    onDragCancel: ({ active }) => `Moving ${nameOf(active.id)} was cancelled.`,
  }

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return
    const from = ids.indexOf(String(active.id))
    const to = ids.indexOf(String(over.id))
    if (from < 0 || to < 0) return
    onReorder(arrayMove(ids, from, to))
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable:
            'To move a partner, press Space or Enter on its handle, use the up and down arrow keys, then press Space or Enter to drop it, or Escape to cancel.',
        },
      }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <ol className="space-y-3" aria-label="Partners in order of preference">
          {entries.map((entry, index) => (
            <SortableEntry
              key={entry.id}
              listId={listId}
              entry={entry}
              position={index + 1}
              onRemove={onRemove}
            />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  )
}
