import { describe, expect, it } from 'vitest'
import {
  featuredWidgetIds,
  findWidget,
  menuWidgetIds,
  widgetIds,
  widgets,
  widgetsByIds,
  widgetTarget,
} from './widgets'

describe('widgets', () => {
  it('lists the five widgets in order with their pages', () => {
    expect(widgets.map((widget) => [widget.title, widget.path])).toEqual([
      ['SUPR Builder', '/supr-builder'],
      ['Partner Lists', '/partner-lists'],
      ['Easy Rating', '/ratings'],
      ['Train with Friends', '/training'],
      ['AI Referee', '/ai-referee'],
    ])
  })

  it('has one entry per id and unique paths', () => {
    expect(widgets.map((widget) => widget.id)).toEqual([...widgetIds])
    expect(new Set(widgets.map((widget) => widget.path)).size).toBe(widgets.length)
  })

  it('marks only Easy Rating as coming soon', () => {
    expect(widgets.filter((widget) => widget.comingSoon).map((widget) => widget.id)).toEqual(['easy-rating'])
  })

  it('features SUPR Builder, Partner Lists, Easy Rating and AI Referee on the dashboard', () => {
    expect(widgetsByIds(featuredWidgetIds).map((widget) => widget.title)).toEqual([
      'SUPR Builder',
      'Partner Lists',
      'Easy Rating',
      'AI Referee',
    ])
  })

  it('lists SUPR Builder, Easy Rating, Train with Friends and AI Referee in the mobile menu', () => {
    expect(widgetsByIds(menuWidgetIds).map((widget) => widget.path)).toEqual([
      '/supr-builder',
      '/ratings',
      '/training',
      '/ai-referee',
    ])
  })

  it('sends a signed-out visitor to sign in for a widget that needs an account', () => {
    expect(widgetTarget(findWidget('supr-builder'), false)).toBe('/signin')
    expect(widgetTarget(findWidget('supr-builder'), true)).toBe('/supr-builder')
  })

  it('gives a coming-soon widget no destination', () => {
    expect(widgetTarget(findWidget('easy-rating'), true)).toBeNull()
    expect(widgetTarget(findWidget('easy-rating'), false)).toBeNull()
  })
})
