// How the bench's reports write their figures: milliseconds, counts, ratios, shares and tables.
import type { FanoutResult } from './fanout'

export const ms = (value: number | null | undefined) =>
  value === null || value === undefined || Number.isNaN(value)
    ? '-'
    : value < 10
      ? value.toFixed(2)
      : value.toFixed(1)
export const times = (value: number | null) =>
  value === null || !Number.isFinite(value) ? '-' : `${value.toFixed(2)}×`
export const count = (value: number) => value.toLocaleString('en-US')
export const percent = (share: number | null | undefined) =>
  share === null || share === undefined ? '-' : `${Math.round(share * 100)}%`

// CPU per request by process, in µs: "561 + 91 + 722 µs".
export const cpuParts = (...parts: Array<number | undefined>) =>
  parts.every((part) => part === undefined) ? '-' : `${parts.map((part) => part ?? '?').join(' + ')} µs`

export const markdownTable = (header: string[], rows: string[][]) =>
  [
    `| ${header.join(' | ')} |`,
    `|${header.map((_, i) => (i === 0 ? '---' : '---:')).join('|')}|`,
    ...rows.map((r) => `| ${r.join(' | ')} |`),
  ].join('\n')

// Why fan-out streams did not open: "2 × ECONNRESET: socket hang up; 1 × event stream answered 503".
export const describeFailures = (failures: FanoutResult['openFailures']) =>
  (failures ?? []).map((f) => `${f.streams} × ${f.reason}`).join('; ')
