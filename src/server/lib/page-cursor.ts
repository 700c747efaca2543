import { AppError } from '../../domain/errors'

// A keyset page cursor: the exact stored time of a page's last row (a timestamptz as PostgreSQL
// prints it, microseconds included) and its id, as opaque base64url. The next page starts
// strictly after that pair in (created_at, id) order.
export const INVALID_CURSOR = 'Invalid page cursor'

export const encodeCursor = (time: string, id: string) =>
  Buffer.from(JSON.stringify([time, id])).toString('base64url')

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})(?:\.\d{1,6})?[+-](\d{2})(?::(\d{2}))?$/

// A timestamp as PostgreSQL prints a timestamptz, with every part in range: the shape alone let
// month 13 or an offset of +99 through to the query, which PostgreSQL then refused (a 500).
function isTimestamp(text: string) {
  const parts = TIMESTAMP.exec(text)
  if (!parts) return false
  const [year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0, offsetHours = 0, offsetMinutes = 0] =
    parts.slice(1).map((part) => Number(part ?? 0))
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate()
  return (
    year >= 1000 &&
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= daysInMonth &&
    hour <= 23 &&
    minute <= 59 &&
    second <= 59 &&
    offsetHours <= 15 &&
    offsetMinutes <= 59
  )
}

// [time, id] from a cursor, or a 400 'Invalid page cursor' for anything this server did not make.
export function decodeCursor(cursor: string): [string, string] {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'))
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      typeof value[0] === 'string' &&
      isTimestamp(value[0]) &&
      typeof value[1] === 'string' &&
      UUID.test(value[1])
    ) {
      return [value[0], value[1]]
    }
  } catch {
    // falls through to the refusal below
  }
  throw new AppError('invalid', INVALID_CURSOR, { cursor: INVALID_CURSOR })
}
