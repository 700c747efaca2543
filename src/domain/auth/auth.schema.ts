import { millisecondsInDay } from 'date-fns/constants'
import { z } from 'zod'
import { cleanName } from '../display-text'
import {
  chosenDupr,
  duprFields,
  genders,
  ratingInput,
  requireDuprUnlessNone,
  sessionUser,
} from '../profiles/profile.schema'

// The spec says 6; new passwords need 8 (ASVS 6.2.1, docs/decisions/0074). Passwords set
// before keep working: sign-in checks no length.
export const PASSWORD_MIN = 8
export const COMMON_PASSWORD_MESSAGE =
  'This password is too easy to guess: it is on a list of common passwords. Please choose another one.'
// Long enough for any passphrase, short enough that hashing stays cheap.
export const PASSWORD_MAX = 128
export const NAME_MAX = 50
export const MAX_AGE_YEARS = 120

// Form fields arrive as strings; an empty or missing value is "not given".
const blankToUndefined = (value: unknown) =>
  value === '' || value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value

const requiredText = (requiredMessage: string) =>
  z.string({ error: requiredMessage }).trim().min(1, requiredMessage)

const nameInput = (label: string) =>
  z.preprocess(
    cleanName,
    requiredText(`${label} is required`).max(NAME_MAX, `${label} must be at most ${NAME_MAX} characters`),
  )

const rating = (requiredMessage: string) => z.preprocess(blankToUndefined, ratingInput(requiredMessage))

export const emailInput = z
  .string({ error: 'Email is required' })
  .trim()
  .toLowerCase()
  .min(1, 'Email is required')
  .max(254, 'Invalid email address')
  .pipe(z.email({ error: 'Invalid email address' }))

const passwordInput = (requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .min(1, requiredMessage)
    .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
    .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`)

// The latest calendar day anywhere on Earth (UTC+14), so "today" is accepted in every time zone.
export const latestToday = (now: Date = new Date()) =>
  new Date(now.getTime() + 14 * 60 * 60 * 1000).toISOString().slice(0, 10)

const isRealDate = (value: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false
  const date = new Date(`${value}T00:00:00Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value
}

// Whole years between a birthdate and today (by calendar, not by 365-day blocks).
export function ageOn(birthdate: string, today: Date = new Date()) {
  const [year = 0, month = 0, day = 0] = birthdate.split('-').map(Number)
  let age = today.getUTCFullYear() - year
  const beforeBirthday =
    today.getUTCMonth() + 1 < month || (today.getUTCMonth() + 1 === month && today.getUTCDate() < day)
  if (beforeBirthday) age -= 1
  return age
}

export const birthdateInput = requiredText('Birthdate is required')
  .refine(isRealDate, 'Please enter a valid date')
  .refine((value) => !isRealDate(value) || value <= latestToday(), 'Birthdate cannot be in the future')
  .refine(
    (value) => !isRealDate(value) || ageOn(value, new Date(Date.now() + millisecondsInDay)) <= MAX_AGE_YEARS,
    `Please enter a birthdate within the last ${MAX_AGE_YEARS} years`,
  )

export const zipCodeInput = requiredText('ZIP code is required').regex(
  /^\d{5}(-\d{4})?$/,
  'Please enter a valid ZIP code',
)

export const genderInput = z.enum(genders, { error: 'Gender is required' })

// The profile fields a player edits in Profile Settings; sign-up asks for the same ones.
const profileShape = {
  firstName: nameInput('First name'),
  lastName: nameInput('Last name'),
  gender: genderInput,
  ...duprFields,
  selfRating: rating('Self rating is required'),
  birthdate: birthdateInput,
  zipCode: zipCodeInput,
}
export const profileInput = requireDuprUnlessNone(z.object(profileShape))
export type ProfileInput = z.infer<typeof profileInput>
export type ProfileFormValues = z.input<typeof profileInput>

// Those fields as a profile stores them, for sign-up's insert and Profile Settings' update.
export const storedProfileFields = (input: ProfileInput) => ({
  firstName: input.firstName,
  lastName: input.lastName,
  gender: input.gender,
  duprRating: chosenDupr(input),
  selfRating: input.selfRating,
  birthdate: input.birthdate,
  zipCode: input.zipCode,
})

export const signupCodeInput = z.preprocess(
  blankToUndefined,
  z.string().trim().max(50, 'Invalid or expired invite code').optional(),
)

export const signUpInput = requireDuprUnlessNone(
  z.object({
    ...profileShape,
    email: emailInput,
    password: passwordInput('Password is required'),
    consent: z.literal(true, { error: 'You must agree to the Terms and Privacy Policy' }),
    signupCode: signupCodeInput,
  }),
)
export type SignUpInput = z.infer<typeof signUpInput>
export type SignUpFormValues = z.input<typeof signUpInput>

// Sign-in checks only presence: any other rule would tell which part was wrong.
export const signInInput = z.object({
  email: emailInput,
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(PASSWORD_MAX, 'Invalid email or password'),
})
export type SignInInput = z.infer<typeof signInInput>
export type SignInFormValues = z.input<typeof signInInput>

export const changePasswordInput = z
  .object({
    currentPassword: z
      .string({ error: 'Current password is required' })
      .min(1, 'Current password is required')
      .max(PASSWORD_MAX, 'Current password is incorrect'),
    newPassword: passwordInput('New password is required'),
    confirmPassword: z
      .string({ error: 'Please confirm your new password' })
      .min(1, 'Please confirm your new password'),
  })
  .refine((value) => value.newPassword === value.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
  })
export type ChangePasswordInput = z.infer<typeof changePasswordInput>

export const emailOnlyInput = z.object({ email: emailInput })
export const forgotPasswordInput = emailOnlyInput
export type ForgotPasswordInput = z.infer<typeof forgotPasswordInput>
export const resendConfirmationInput = emailOnlyInput
export type ResendConfirmationInput = z.infer<typeof resendConfirmationInput>

const tokenInput = z
  .string({ error: 'The link is missing its token' })
  .trim()
  .min(1, 'The link is missing its token')
  .max(200, 'This link is invalid or has expired')

export const confirmEmailInput = z.object({ token: tokenInput })
export type ConfirmEmailInput = z.infer<typeof confirmEmailInput>

export const resetPasswordInput = z.object({
  token: tokenInput,
  password: passwordInput('Password is required'),
})
export type ResetPasswordInput = z.infer<typeof resetPasswordInput>

// The reset page asks for the new password twice; the server needs it once.
export const resetPasswordForm = z
  .object({
    password: passwordInput('New password is required'),
    confirmPassword: z
      .string({ error: 'Please confirm your new password' })
      .min(1, 'Please confirm your new password'),
  })
  .refine((value) => value.password === value.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
  })
export type ResetPasswordForm = z.infer<typeof resetPasswordForm>

// Error codes beyond the generic ones that the auth pages act on.
export const EMAIL_NOT_CONFIRMED_MESSAGE = 'Please confirm your email address before signing in.'
export const INVALID_CREDENTIALS_MESSAGE = 'Invalid email or password'
export const INVALID_SIGNUP_CODE_MESSAGE = 'Invalid or expired invite code'
export const SIGNUP_CODE_REQUIRED_MESSAGE = 'An invite code is required to sign up'
export const CURRENT_PASSWORD_INCORRECT_MESSAGE = 'Current password is incorrect'
export const RATE_LIMITED_MESSAGE = 'Too many attempts. Please wait a few minutes and try again.'
export const INVALID_CONFIRMATION_LINK_MESSAGE =
  'This confirmation link is invalid or has expired. If you have already confirmed your email, please sign in.'
export const INVALID_RESET_LINK_MESSAGE =
  'This password reset link is invalid or has expired. Please request a new one.'

export const signUpOutput = z.object({ email: z.string(), requiresConfirmation: z.literal(true) })
export type SignUpOutput = z.infer<typeof signUpOutput>

export const userOutput = z.object({ user: sessionUser })
export type UserOutput = z.infer<typeof userOutput>

// A confirmed address: `signedIn` says whether the link signed this browser in to the account.
// `user` is the player signed in on this browser after the call: the account's owner, another
// player who was signed in there already, or null for no one.
export const confirmEmailOutput = z.object({ user: sessionUser.nullable(), signedIn: z.boolean() })
export type ConfirmEmailOutput = z.infer<typeof confirmEmailOutput>

export const messageOutput = z.object({ message: z.string() })
export type MessageOutput = z.infer<typeof messageOutput>
