// The Pickle Widgets: small tools listed on the widgets page, the dashboard and the landing page.

export const widgetIds = [
  'supr-builder',
  'partner-lists',
  'easy-rating',
  'train-with-friends',
  'ai-referee',
] as const
export type WidgetId = (typeof widgetIds)[number]

export interface Widget {
  id: WidgetId
  title: string
  description: string
  path: string
  requiresSignIn: boolean
  comingSoon: boolean
}

export const widgets: readonly Widget[] = [
  {
    id: 'supr-builder',
    title: 'SUPR Builder',
    description: 'Build a team and check its combined adjusted DUPR against the cap.',
    path: '/supr-builder',
    requiresSignIn: true,
    comingSoon: false,
  },
  {
    id: 'partner-lists',
    title: 'Partner Lists',
    description: 'Keep ranked lists of tournament partners and invite them by email.',
    path: '/partner-lists',
    requiresSignIn: true,
    comingSoon: false,
  },
  {
    id: 'easy-rating',
    title: 'Easy Rating',
    description: 'Rate your game quickly with help from the players you know.',
    path: '/ratings',
    requiresSignIn: false,
    comingSoon: true,
  },
  {
    id: 'train-with-friends',
    title: 'Train with Friends',
    description: 'See which of your friends are closest to your DUPR: the best partners to practice with.',
    path: '/training',
    requiresSignIn: true,
    comingSoon: false,
  },
  {
    id: 'ai-referee',
    title: 'AI Referee',
    description: 'Ask a rules question and get an answer with the rule numbers.',
    path: '/ai-referee',
    requiresSignIn: true,
    comingSoon: false,
  },
]

// The dashboard and the landing page show these four; the mobile menu lists its own four.
export const featuredWidgetIds: readonly WidgetId[] = [
  'supr-builder',
  'partner-lists',
  'easy-rating',
  'ai-referee',
]
export const menuWidgetIds: readonly WidgetId[] = [
  'supr-builder',
  'easy-rating',
  'train-with-friends',
  'ai-referee',
]

export function findWidget(id: WidgetId): Widget {
  const widget = widgets.find((candidate) => candidate.id === id)
  if (!widget) throw new Error(`Unknown widget: ${id}`)
  return widget
}

export const widgetsByIds = (ids: readonly WidgetId[]): Widget[] => ids.map(findWidget)

// A widget that is not coming soon opens its page; a signed-out visitor signs in first.
export function widgetTarget(widget: Widget, isSignedIn: boolean): string | null {
  if (widget.comingSoon) return null
  if (widget.requiresSignIn && !isSignedIn) return '/signin'
  return widget.path
}
