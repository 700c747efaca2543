interface SqlError {
  code: string
  constraint?: unknown
}

// The error, or one it wraps (drivers and the ORM may wrap it), whose SQLSTATE is one of these.
function withSqlState(error: unknown, codes: ReadonlyArray<string>): SqlError | undefined {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const candidate = current as { code?: unknown; cause?: unknown }
    if (typeof candidate.code === 'string' && codes.includes(candidate.code)) return candidate as SqlError
    current = candidate.cause
  }
  return undefined
}

// PostgreSQL reports a unique violation as SQLSTATE 23505.
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const violation = withSqlState(error, ['23505'])
  return violation !== undefined && (constraint === undefined || violation.constraint === constraint)
}

// Text PostgreSQL cannot hold (a NUL character, SQLSTATE 22021 / 22P05) comes from the
// request, so it is the client's error, not the server's.
export function isUnstorableText(error: unknown): boolean {
  return withSqlState(error, ['22021', '22P05']) !== undefined
}

// So does a time PostgreSQL cannot read or hold (SQLSTATE 22007 bad format, 22008 out of range,
// 22009 bad time zone offset): schemas bound the times they take, and one they let through is
// still the client's error.
export function isUnstorableTime(error: unknown): boolean {
  return withSqlState(error, ['22007', '22008', '22009']) !== undefined
}
