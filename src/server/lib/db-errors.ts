// PostgreSQL reports a unique violation as SQLSTATE 23505; drivers and the ORM may wrap it.
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown }
    if (candidate.code === '23505') return constraint === undefined || candidate.constraint === constraint
    current = candidate.cause
  }
  return false
}
