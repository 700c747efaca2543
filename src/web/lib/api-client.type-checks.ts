import { expectTypeOf } from 'vitest'
import type { PlayDateDetail } from '../../domain/play-dates/play-date.schema'
import { api } from './api-client'

// The API client's types, checked by the compiler and never run: `tsc -p .` (npm run typecheck)
// fails when a call the API document does not allow compiles (its @ts-expect-error then has no
// error to expect), or when an answer's type stops matching the domain's. A file of checks, not
// a test: a test of it could only pass.

export function callsTheDocumentRefuses() {
  // @ts-expect-error: no operation has this path
  void api.get('/play-date/{id}', { params: { id: 'a' } })
  // @ts-expect-error: the path parameter is required
  void api.get('/play-dates/{id}')
  // @ts-expect-error: a path parameter the operation does not have
  void api.get('/play-dates/{id}', { params: { playDateId: 'a' } })
  // @ts-expect-error: the body's field is partnerId
  void api.post('/play-dates/{id}/requests', { params: { id: 'a' }, body: { partner: 'b' } })
  // @ts-expect-error: the body is required
  void api.post('/auth/sign-in')
  // @ts-expect-error: the overlaps query needs a duration
  void api.get('/play-dates/overlaps', { query: { start: '2030-01-01T10:00:00.000Z' } })
  // @ts-expect-error: a query value of the wrong type
  void api.get('/play-dates', { query: { page: 'two' } })
  // @ts-expect-error: no DELETE on this path
  void api.delete('/play-dates/{id}', { params: { id: 'a' } })
}

export function answersTheDocumentGives() {
  expectTypeOf(api.get('/play-dates/{id}', { params: { id: 'a' } })).resolves.toExtend<PlayDateDetail>()
  expectTypeOf(api.delete('/players/{id}', { params: { id: 'a' } })).resolves.toEqualTypeOf<undefined>()
  expectTypeOf(api.post('/auth/sign-out')).resolves.toEqualTypeOf<undefined>()
}
