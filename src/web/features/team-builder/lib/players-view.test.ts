import { describe, expect, it } from 'vitest'
import type { Player } from '../../../../domain/team-builder/player.schema'
import {
  defaultSort,
  filterPlayersByName,
  nextSort,
  sortKeys,
  sortOptionLabel,
  sortPlayers,
} from './players-view'

let counter = 0
const player = (overrides: Partial<Player>): Player => {
  counter += 1
  return {
    id: `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    firstName: 'Pat',
    lastName: 'Lee',
    gender: 'male',
    ageGroup: 'under_50',
    duprRating: 4,
    duprId: null,
    profileLinked: false,
    profileId: null,
    linkedProfile: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  }
}

const carol = player({
  firstName: 'Carol',
  lastName: 'Jensen',
  gender: 'female',
  ageGroup: '50_or_over',
  duprRating: 3.6,
})
const ben = player({ firstName: 'Ben', lastName: 'Ortiz', duprRating: 3.95 })
const jordan = player({ firstName: 'jordan', lastName: 'Reyes', duprRating: 4.12, profileLinked: true })
const all = [carol, jordan, ben]
const names = (players: Player[]) => players.map((p) => p.firstName)

describe('players table order', () => {
  it('starts by name, A to Z, ignoring case', () => {
    expect(defaultSort).toEqual({ key: 'name', direction: 'ascending' })
    expect(names(sortPlayers(all, defaultSort))).toEqual(['Ben', 'Carol', 'jordan'])
  })

  it('turns around on a second click and starts ascending on a new column', () => {
    const descending = nextSort(defaultSort, 'name')
    expect(descending).toEqual({ key: 'name', direction: 'descending' })
    expect(names(sortPlayers(all, descending))).toEqual(['jordan', 'Carol', 'Ben'])
    expect(nextSort(descending, 'duprRating')).toEqual({ key: 'duprRating', direction: 'ascending' })
  })

  it('sorts by DUPR, gender, age group and avatar', () => {
    expect(names(sortPlayers(all, { key: 'duprRating', direction: 'ascending' }))).toEqual([
      'Carol',
      'Ben',
      'jordan',
    ])
    expect(names(sortPlayers(all, { key: 'duprRating', direction: 'descending' }))).toEqual([
      'jordan',
      'Ben',
      'Carol',
    ])
    expect(names(sortPlayers(all, { key: 'gender', direction: 'ascending' }))).toEqual([
      'Carol',
      'Ben',
      'jordan',
    ])
    expect(names(sortPlayers(all, { key: 'ageGroup', direction: 'descending' }))).toEqual([
      'Carol',
      'Ben',
      'jordan',
    ])
    expect(names(sortPlayers(all, { key: 'avatar', direction: 'ascending' }))).toEqual([
      'jordan',
      'Ben',
      'Carol',
    ])
  })

  it('breaks ties by name A to Z in either direction', () => {
    const twins = [player({ firstName: 'Zed', duprRating: 4 }), player({ firstName: 'Amy', duprRating: 4 })]
    expect(names(sortPlayers(twins, { key: 'duprRating', direction: 'descending' }))).toEqual(['Amy', 'Zed'])
  })
})

describe('player search', () => {
  it('filters by first, last or full name from two characters', () => {
    expect(names(filterPlayersByName(all, 'j'))).toEqual(['Carol', 'jordan', 'Ben'])
    expect(names(filterPlayersByName(all, 'JE'))).toEqual(['Carol'])
    expect(names(filterPlayersByName(all, 'ol  jen'))).toEqual(['Carol'])
    expect(names(filterPlayersByName(all, 'or'))).toEqual(['jordan', 'Ben'])
    expect(filterPlayersByName(all, 'xyz')).toEqual([])
  })

  it('names each order of the phone sort menu by what it puts first, never "ascending"', () => {
    expect(sortOptionLabel({ key: 'avatar', direction: 'ascending' })).toBe('Linked profiles first')
    expect(sortOptionLabel({ key: 'duprRating', direction: 'descending' })).toBe('DUPR, highest first')
    const labels = sortKeys.flatMap((key) =>
      (['ascending', 'descending'] as const).map((direction) => sortOptionLabel({ key, direction })),
    )
    expect(new Set(labels).size).toBe(labels.length)
    for (const label of labels) expect(label).not.toMatch(/ascending|descending|Avatar/)
  })
})
