export { ComingSoonBadge } from './components/coming-soon-badge'
export { WidgetCard } from './components/widget-card'
export { WidgetIcon } from './components/widget-icon'
