import { Bot, Calculator, Dumbbell, Gauge, ListOrdered, type LucideIcon } from 'lucide-react'
import type { WidgetId } from '../../../../domain/widgets/widgets'

const icons: Record<WidgetId, LucideIcon> = {
  'supr-builder': Calculator,
  'partner-lists': ListOrdered,
  'easy-rating': Gauge,
  'train-with-friends': Dumbbell,
  'ai-referee': Bot,
}

export function WidgetIcon({ id, className = 'size-6' }: { id: WidgetId; className?: string }) {
  const Icon = icons[id]
  return <Icon aria-hidden="true" className={className} />
}
