import { describe, expect, it } from 'vitest'
import type { PlayDatePage, PlayDateSummary } from '../../../../domain/play-dates/play-date.schema'
import { withoutPlayDate } from './admin.queries'

const item = (id: string) => ({ id }) as PlayDateSummary
const page = (ids: string[], total: number, totalCapped = false): PlayDatePage => ({
  items: ids.map(item),
  page: 1,
  pageSize: 10,
  total,
  totalCapped,
})

describe('withoutPlayDate', () => {
  it('drops the deleted PlayDate from a page and counts one less', () => {
    expect(withoutPlayDate(page(['a', 'b', 'c'], 3), 'b')).toEqual(page(['a', 'c'], 2))
  })

  it('leaves a page without it as it was', () => {
    const other = page(['a'], 12)
    expect(withoutPlayDate(other, 'z')).toBe(other)
  })

  it('keeps a capped total, which only says there are at least that many', () => {
    expect(withoutPlayDate(page(['a', 'b'], 1000, true), 'a')).toEqual(page(['b'], 1000, true))
  })
})
