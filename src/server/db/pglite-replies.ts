import { Buffer } from 'node:buffer'
import { type QueryOptions, type Results, messages, protocol } from '@electric-sql/pglite'

// The embedded database's reply read straight into results: what PGlite's protocol parser and
// `parseResults` make of it, without what they build on the way. Theirs copy the whole reply,
// then make a message object per row with each field copied out of the reply and decoded on its
// own, then merge the query's parsers into the defaults (an object of some sixty entries) and
// build each row from an array of pairs. On the bench's data set that was 44% of the server
// thread's time per hot read (bench/results/profiles/where-the-time-goes-pglite.md). Here each
// field is decoded from the reply in place and parsed by its column's parser, found once per
// result set. The results are the same (pglite-replies.test.ts reads the same replies both
// ways): the same rows and fields, the same command, affected rows and row count, the same
// error, raised once the whole reply is read; an error or notice goes through PGlite's own
// parser, since both are rare.

type Parser = (value: string, typeId?: number) => unknown

// The backend messages this reads (PostgreSQL's protocol, "Message Formats").
const ROW_DESCRIPTION = 0x54 // T
const DATA_ROW = 0x44 // D
const COMMAND_COMPLETE = 0x43 // C
const ERROR_RESPONSE = 0x45 // E
const NOTIFICATION = 0x41 // A

// The commands whose row count PGlite adds to `affectedRows`.
const COUNTS_AFFECTED_ROWS = new Set(['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE'])

interface Column {
  name: string
  dataTypeID: number
  parse: Parser | undefined
}

// Where a reply's message starts and ends, and its reader.
class Reader {
  readonly bytes: Buffer
  offset = 0
  constructor(data: Uint8Array) {
    this.bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength)
  }
  int16() {
    const value = this.bytes.readInt16BE(this.offset)
    this.offset += 2
    return value
  }
  int32() {
    const value = this.bytes.readInt32BE(this.offset)
    this.offset += 4
    return value
  }
  cstring() {
    const end = this.bytes.indexOf(0, this.offset)
    const value = this.bytes.toString('utf8', this.offset, end)
    this.offset = end + 1
    return value
  }
}

// PGlite's parser for one message: its error, notice or notification objects.
function parsedByPglite(data: Uint8Array, start: number, end: number): messages.BackendMessage {
  let parsed: messages.BackendMessage | undefined
  new protocol.Parser().parse(data.subarray(start, end), (message) => (parsed = message))
  return parsed!
}

// Reads a reply into its result sets, as PGlite's `parseResults` does (one per completed
// command; one empty set when none completed). `parsers` are the defaults, which the query's own
// (`options.parsers`) override. Notifications go to `notify` in the order they came; the first
// error is thrown once the reply is read, and nothing after it is read.
export function readResults(
  data: Uint8Array,
  parsers: Record<number | string, Parser>,
  options: QueryOptions | undefined,
  notify: (channel: string, payload: string) => void,
): Results[] {
  const reader = new Reader(data)
  const { bytes } = reader
  const own = options?.parsers as Record<number | string, Parser> | undefined
  const arrays = options?.rowMode === 'array'
  const resultSets: Results[] = []
  let columns: Column[] = []
  let fields: Results['fields'] = []
  let rows: unknown[] = []
  // A column named __proto__ is set as Object.fromEntries sets it: as a property of its own.
  let fromEntries = false
  let affectedRows = 0
  let error: messages.DatabaseError | undefined

  while (reader.offset + 5 <= bytes.length && !error) {
    const start = reader.offset
    const code = bytes[start]!
    const end = start + 1 + bytes.readInt32BE(start + 1)
    reader.offset = start + 5
    switch (code) {
      case ROW_DESCRIPTION: {
        const count = reader.int16()
        columns = []
        for (let i = 0; i < count; i++) {
          const name = reader.cstring()
          reader.offset += 6 // table oid, column number
          const dataTypeID = reader.int32()
          reader.offset += 8 // type size, type modifier, format
          columns.push({ name, dataTypeID, parse: own?.[dataTypeID] ?? parsers[dataTypeID] })
        }
        fields = columns.map(({ name, dataTypeID }) => ({ name, dataTypeID }))
        fromEntries = columns.some((column) => column.name === '__proto__')
        break
      }
      case DATA_ROW: {
        const count = reader.int16()
        const values: unknown[] = new Array(count)
        for (let i = 0; i < count; i++) {
          const length = reader.int32()
          if (length === -1) {
            values[i] = null
            continue
          }
          const text = bytes.toString('utf8', reader.offset, reader.offset + length)
          reader.offset += length
          const column = columns[i]!
          values[i] = column.parse ? column.parse(text, column.dataTypeID) : text
        }
        if (arrays) rows.push(values)
        else if (fromEntries)
          rows.push(Object.fromEntries(values.map((value, i) => [columns[i]!.name, value])))
        else {
          const row: Record<string, unknown> = {}
          for (let i = 0; i < count; i++) row[columns[i]!.name] = values[i]
          rows.push(row)
        }
        break
      }
      case COMMAND_COMPLETE: {
        const text = reader.cstring()
        const parts = text.split(' ')
        const command = parts[0]!
        const rowCount = parseInt(parts[parts.length - 1]!, 10)
        if (COUNTS_AFFECTED_ROWS.has(command)) affectedRows += rowCount
        const result: Results = { rows, fields, command, affectedRows } as Results
        if (!Number.isNaN(rowCount)) result.rowCount = rowCount
        resultSets.push(result)
        rows = []
        fields = []
        columns = []
        break
      }
      case ERROR_RESPONSE: {
        const message = parsedByPglite(data, start, end)
        if (message instanceof messages.DatabaseError) error = message
        break
      }
      case NOTIFICATION: {
        const message = parsedByPglite(data, start, end) as messages.NotificationResponseMessage
        notify(message.channel, message.payload)
        break
      }
      // The rest (parse, bind and close complete, no data, ready for query, parameter
      // description, notices) carry nothing a result holds.
    }
    reader.offset = end
  }
  if (error) throw error
  if (resultSets.length === 0) resultSets.push({ affectedRows: 0, rows: [], fields: [] })
  return resultSets
}
