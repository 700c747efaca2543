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
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const candidate = current as { code?: unknown; cause?: unknown }
    if (candidate.code === '22021' || candidate.code === '22P05') return true
    current = candidate.cause
  }
  return false
}
