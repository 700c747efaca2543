// The errors a client meets when the server process dies or stops under it, told apart from every
// other error (a bug: an answer that cannot be read, an assertion, an unexpected status), which a
// check must not swallow.

// Node's and undici's codes for a connection refused, reset or closed under a request.
const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED'])

// The code of the connection error `error` is, or wraps (fetch's TypeError "fetch failed" or
// "terminated" carries it as its cause), or undefined.
export function connectionErrorCode(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const { code, cause } = current as { code?: unknown; cause?: unknown }
    if (typeof code === 'string' && CONNECTION_CODES.has(code)) return code
    current = cause
  }
  return undefined
}

// A reset: the connection was cut under a request the server may have received (ECONNRESET, or
// undici's socket closed by the other side), as opposed to one refused before it was sent.
export const isReset = (error: unknown) => {
  const code = connectionErrorCode(error)
  return code !== undefined && code !== 'ECONNREFUSED'
}

export const describeError = (error: unknown) => {
  const code = connectionErrorCode(error)
  const message = error instanceof Error ? error.message : String(error)
  const cause = (error as { cause?: unknown })?.cause
  return `${message}${cause instanceof Error ? ` (${cause.message})` : ''}${code ? ` [${code}]` : ''}`
}
