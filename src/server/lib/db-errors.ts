// True when the error, or one it wraps (drivers and the ORM may wrap it), has one of these SQLSTATEs.
function hasSqlState(error: unknown, codes: ReadonlyArray<string>): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const candidate = current as { code?: unknown; cause?: unknown }
    if (typeof candidate.code === 'string' && codes.includes(candidate.code)) return true
    current = candidate.cause
  }
  return false
}

// PostgreSQL reports a unique violation as SQLSTATE 23505; drivers and the ORM may wrap it.
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown }
    if (candidate.code === '23505') return constraint === undefined || candidate.constraint === constraint
    current = candidate.cause
  }
  return false
}

// Text PostgreSQL cannot hold (a NUL character, SQLSTATE 22021 / 22P05) comes from the
// request, so it is the client's error, not the server's.
export function isUnstorableText(error: unknown): boolean {
  return hasSqlState(error, ['22021', '22P05'])
}

// So does a time PostgreSQL cannot read or hold (SQLSTATE 22007 bad format, 22008 out of range,
// 22009 bad time zone offset): schemas bound the times they take, and one they let through is
// still the client's error.
export function isUnstorableTime(error: unknown): boolean {
  return hasSqlState(error, ['22007', '22008', '22009'])
}
