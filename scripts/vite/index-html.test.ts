import { describe, expect, it } from 'vitest'
import { appearanceScript } from '../../src/domain/appearance'
import { appearanceBeforePaint, DEV_CONFIG, withDevConfig } from './index-html'

describe('withDevConfig', () => {
  it('fills the product name and the public config a development page has no server for', () => {
    const html = withDevConfig(
      '<title>__PRODUCT_NAME__ | Level Up</title><meta name="app-config" content="__APP_CONFIG__">',
    )
    expect(html).toContain('<title>PickleMatch | Level Up</title>')
    const content = /content="([^"]*)"/.exec(html)![1]!
    expect(JSON.parse(content.replace(/&quot;/g, '"'))).toEqual(DEV_CONFIG)
  })
})

describe('appearanceBeforePaint', () => {
  it("puts the theme script in the head, ahead of the styles, as its text is: the policy's hash is of that text", () => {
    const hook = appearanceBeforePaint().transformIndexHtml as { order: string; handler: () => unknown }
    expect(hook.order).toBe('pre')
    expect(hook.handler()).toEqual([{ tag: 'script', children: appearanceScript, injectTo: 'head' }])
  })
})
