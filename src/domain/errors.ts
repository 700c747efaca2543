// Expected failures carry a code the client can act on and a message a person can read.
export const errorCodes = [
  'invalid',
  'unauthenticated',
  'forbidden',
  // Signed up but the email address is not confirmed yet: the sign-in page offers a new link.
  'email_not_confirmed',
  'not_found',
  'conflict',
  'rate_limited',
  'payload_too_large',
  // A body of a kind the operation does not take (a file that is not a photo).
  'unsupported_media_type',
  'unavailable',
  'internal',
] as const
export type ErrorCode = (typeof errorCodes)[number]

export type FieldErrors = Record<string, string>

export interface ErrorBody {
  error: { code: ErrorCode; message: string; fields?: FieldErrors }
}

export const errorBody = (code: ErrorCode, message: string, fields?: FieldErrors): ErrorBody => ({
  error: fields ? { code, message, fields } : { code, message },
})

export class AppError extends Error {
  readonly code: ErrorCode
  readonly fields: FieldErrors | undefined

  constructor(code: ErrorCode, message: string, fields?: FieldErrors) {
    super(message)
    this.name = 'AppError'
    this.code = code
    this.fields = fields
  }
}

export const isAppError = (value: unknown): value is AppError => value instanceof AppError
