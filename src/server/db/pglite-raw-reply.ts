import type { PGlite } from '@electric-sql/pglite'
import { frames } from './pglite-statements'

// The embedded database's raw reply to a batch of protocol messages, written out to the data
// directory before it is answered (an acknowledged write is kept).
//
// Not `execProtocolRaw`: besides the raw bytes, PGlite (0.5) parses every message of the reply
// into a list of results that only its parsed calls (`execProtocol`) ever empty, so each raw call
// kept what it read, a few kilobytes a query (3.6 KB for a page of 20 rows). Under load the
// embedded database's thread reached its memory limit within minutes and the server stopped
// (docs/decisions/0121). The streaming call hands over the bytes as they are written, parses
// nothing, and keeps nothing.
export async function rawReply(pg: PGlite, message: Uint8Array): Promise<Uint8Array> {
  const chunks: Uint8Array[] = []
  await pg.execProtocolRawStream(message, {
    syncToFs: true,
    // A view of the database's memory, which the next write reuses: copied.
    onRawData: (chunk) => chunks.push(chunk.slice()),
  })
  return chunks.length === 1 ? chunks[0]! : frames(chunks)
}
