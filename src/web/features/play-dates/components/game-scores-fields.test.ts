import { describe, expect, it } from 'vitest'
import { scoreFieldFor } from './game-scores-fields'

describe('scoreFieldFor', () => {
  const report = scoreFieldFor(['us', 'them'])
  const decision = scoreFieldFor(['creatorTeam', 'respondingTeam'], ['absentTeam'])

  it('puts a message on the field the server names, and one on the games under their root', () => {
    expect(report('outcome')).toBe('outcome')
    expect(report('pointsTo')).toBe('pointsTo')
    expect(report('games')).toBe('games.root')
    expect(report('games.1')).toBe('games.1')
    expect(report('games.0.them')).toBe('games.0.them')
    expect(decision('absentTeam')).toBe('absentTeam')
    expect(decision('games.2.respondingTeam')).toBe('games.2.respondingTeam')
  })

  it('skips what the form has no field for', () => {
    expect(report('absentTeam')).toBeUndefined()
    expect(report('games.0.creatorTeam')).toBeUndefined()
    expect(decision('games.0.us')).toBeUndefined()
    expect(report('games.x')).toBeUndefined()
    expect(report('note')).toBeUndefined()
  })
})
