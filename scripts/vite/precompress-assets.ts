import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import type { Plugin } from 'vite'

const COMPRESSIBLE = /\.(js|css|svg|json)$/
const MIN_BYTES = 1024

// Writes `name.br` and `name.gz` beside every compressible file of `dir` worth compressing.
export function precompressDirectory(dir: string) {
  for (const name of readdirSync(dir)) {
    if (!COMPRESSIBLE.test(name)) continue
    const file = path.join(dir, name)
    const content = readFileSync(file)
    if (content.byteLength < MIN_BYTES) continue
    writeFileSync(
      `${file}.br`,
      brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    )
    writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }))
  }
}

// Hashed assets are compressed once, at build time, with the best ratio (brotli and gzip); the
// server sends these files as they are (serveStatic's `precompressed`), as a proxy in front can.
export const precompressAssets = (): Plugin => ({
  name: 'precompress-assets',
  apply: 'build',
  writeBundle(options) {
    precompressDirectory(path.join(options.dir ?? 'dist', 'assets'))
  },
})
