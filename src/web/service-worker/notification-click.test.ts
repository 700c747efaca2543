import { describe, expect, it } from 'vitest'
import {
  FALLBACK_PATH,
  appIsVisible,
  clickTargetUrl,
  notificationFromPush,
  pickWindow,
} from './notification-click'

const origin = 'https://picklematch.example'

describe('notificationFromPush', () => {
  it('shows the title, text, tag and page of the payload', () => {
    const shown = notificationFromPush(
      JSON.stringify({ title: 'Game on', body: 'Jane accepted', url: '/playdates/1', tag: 't1' }),
    )
    expect(shown.title).toBe('Game on')
    expect(shown.options).toMatchObject({ body: 'Jane accepted', tag: 't1', data: { url: '/playdates/1' } })
  })

  it('a push without data or with broken data still shows the app name', () => {
    for (const data of [null, '', 'not json', '42']) {
      const shown = notificationFromPush(data)
      expect(shown.title).toBe('PickleMatch')
      expect(shown.options.data.url).toBe(FALLBACK_PATH)
      expect(shown.quietWhileOpen).toBe(false)
    }
  })

  it('a chat message is marked to stay quiet while the app is open', () => {
    const payload = { title: 'New message', body: 'Jane sent a message', url: '/playdates/1', tag: 't2' }
    expect(notificationFromPush(JSON.stringify({ ...payload, quietWhileOpen: true })).quietWhileOpen).toBe(
      true,
    )
    expect(notificationFromPush(JSON.stringify(payload)).quietWhileOpen).toBe(false)
    expect(notificationFromPush(JSON.stringify({ ...payload, quietWhileOpen: 'yes' })).quietWhileOpen).toBe(
      false,
    )
  })
})

describe('appIsVisible', () => {
  it('is true only for a visible window of this app', () => {
    expect(appIsVisible([{ url: `${origin}/playdates/1`, visibilityState: 'visible' }], origin)).toBe(true)
    expect(appIsVisible([{ url: `${origin}/playdates/1`, visibilityState: 'hidden' }], origin)).toBe(false)
    expect(appIsVisible([{ url: 'https://other.example/', visibilityState: 'visible' }], origin)).toBe(false)
    expect(appIsVisible([], origin)).toBe(false)
  })
})

describe('clickTargetUrl', () => {
  it('opens a path of the app', () => {
    expect(clickTargetUrl('/playdates?tab=mine', origin)).toBe(`${origin}/playdates?tab=mine`)
  })

  it('keeps a full URL of the app', () => {
    expect(clickTargetUrl(`${origin}/connections`, origin)).toBe(`${origin}/connections`)
  })

  it('another site, a protocol-relative address or no URL opens the notifications page', () => {
    for (const url of ['https://evil.example/x', '//evil.example/x', 'javascript:alert(1)', undefined, 3]) {
      expect(clickTargetUrl(url, origin)).toBe(`${origin}${FALLBACK_PATH}`)
    }
  })
})

describe('pickWindow', () => {
  it('prefers the focused window of the app', () => {
    const windows = [
      { url: `${origin}/dashboard`, focused: false },
      { url: `${origin}/playdates`, focused: true },
    ]
    expect(pickWindow(windows, origin)).toBe(windows[1])
  })

  it('takes any window of the app, and none of another site', () => {
    expect(pickWindow([{ url: 'https://other.example/' }, { url: `${origin}/a` }], origin)?.url).toBe(
      `${origin}/a`,
    )
    expect(pickWindow([{ url: 'https://other.example/' }], origin)).toBeUndefined()
  })
})
