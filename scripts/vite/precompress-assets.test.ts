import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterEach, describe, expect, it } from 'vitest'
import { precompressDirectory } from './precompress-assets'

describe('precompressDirectory', () => {
  let dir = ''
  afterEach(() => rmSync(dir, { recursive: true, force: true }))

  it('writes brotli and gzip beside each script, style, image and list worth compressing', () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'precompress-'))
    const script = 'export const greeting = "hello";\n'.repeat(100)
    writeFileSync(path.join(dir, 'index-abc.js'), script)
    writeFileSync(path.join(dir, 'tiny-abc.js'), 'export {}\n')
    writeFileSync(path.join(dir, 'photo.png'), Buffer.alloc(4096))
    precompressDirectory(dir)
    expect(readdirSync(dir).sort()).toEqual([
      'index-abc.js',
      'index-abc.js.br',
      'index-abc.js.gz',
      'photo.png',
      'tiny-abc.js',
    ])
    expect(brotliDecompressSync(readFileSync(path.join(dir, 'index-abc.js.br'))).toString()).toBe(script)
    expect(gunzipSync(readFileSync(path.join(dir, 'index-abc.js.gz'))).toString()).toBe(script)
  })
})
