import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import {
  ageOn,
  changePasswordInput,
  forgotPasswordInput,
  latestToday,
  profileInput,
  resetPasswordForm,
  resetPasswordInput,
  signInInput,
  signUpInput,
} from './auth.schema'
import { chosenDupr } from '../profiles/profile.schema'

const validSignUp = {
  firstName: 'Dana',
  lastName: 'Lee',
  gender: 'female',
  duprRating: '3.75',
  selfRating: '4',
  birthdate: '1990-05-17',
  zipCode: '85001',
  email: 'Dana@Example.com ',
  password: 'secret-12',
  consent: true,
}

// The first message per field, as the forms and the API show it.
function messages(schema: z.ZodType, value: unknown) {
  const result = schema.safeParse(value)
  if (result.success) return {}
  const fields: Record<string, string> = {}
  for (const issue of result.error.issues) fields[issue.path.join('.')] ??= issue.message
  return fields
}

describe('sign-up input', () => {
  it('accepts a complete form and normalises it', () => {
    const parsed = signUpInput.parse(validSignUp)
    expect(parsed).toMatchObject({
      email: 'dana@example.com',
      duprRating: 3.75,
      selfRating: 4,
      consent: true,
    })
    expect(parsed.signupCode).toBeUndefined()
  })

  it('gives the spec message for every missing field', () => {
    expect(
      messages(signUpInput, {
        firstName: '',
        lastName: ' ',
        gender: '',
        duprRating: '',
        selfRating: '',
        birthdate: '',
        zipCode: '',
        email: '',
        password: '',
        consent: false,
      }),
    ).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      gender: 'Gender is required',
      duprRating: 'DUPR rating is required',
      selfRating: 'Self rating is required',
      birthdate: 'Birthdate is required',
      zipCode: 'ZIP code is required',
      email: 'Email is required',
      password: 'Password is required',
      consent: 'You must agree to the Terms and Privacy Policy',
    })
  })

  it('treats absent and null fields as missing, not as zero', () => {
    expect(messages(signUpInput, { ...validSignUp, duprRating: null, selfRating: undefined })).toEqual({
      duprRating: 'DUPR rating is required',
      selfRating: 'Self rating is required',
    })
  })

  it('keeps ratings between 2.00 and 7.00', () => {
    expect(messages(signUpInput, { ...validSignUp, duprRating: '1.99', selfRating: 7.01 })).toEqual({
      duprRating: 'Rating must be at least 2.00',
      selfRating: 'Rating must be at most 7.00',
    })
    expect(signUpInput.parse({ ...validSignUp, duprRating: 2, selfRating: '7.00' })).toMatchObject({
      duprRating: 2,
      selfRating: 7,
    })
  })

  it('refuses a rating that is not a number', () => {
    expect(messages(signUpInput, { ...validSignUp, duprRating: 'abc' })).toEqual({
      duprRating: 'DUPR rating is required',
    })
  })

  it('accepts only male or female', () => {
    expect(messages(signUpInput, { ...validSignUp, gender: 'other' })).toEqual({
      gender: 'Gender is required',
    })
  })

  it('checks the email format', () => {
    expect(messages(signUpInput, { ...validSignUp, email: 'not-an-email' })).toEqual({
      email: 'Invalid email address',
    })
  })

  it('needs a new password of 8 to 128 characters', () => {
    expect(messages(signUpInput, { ...validSignUp, password: '1234567' })).toEqual({
      password: 'Password must be at least 8 characters',
    })
    expect(messages(signUpInput, { ...validSignUp, password: 'x'.repeat(129) })).toEqual({
      password: 'Password must be at most 128 characters',
    })
    expect(signUpInput.safeParse({ ...validSignUp, password: 'x'.repeat(128) }).success).toBe(true)
  })

  it('accepts a five-digit ZIP or ZIP+4 and nothing else', () => {
    expect(signUpInput.safeParse({ ...validSignUp, zipCode: '85001-1234' }).success).toBe(true)
    for (const zipCode of ['8500', '850011', 'ABCDE', '85001-12', '85001 1234']) {
      expect(messages(signUpInput, { ...validSignUp, zipCode })).toEqual({
        zipCode: 'Please enter a valid ZIP code',
      })
    }
  })

  it('refuses a future, impossible or malformed birthdate', () => {
    const nextYear = `${new Date().getUTCFullYear() + 1}-01-01`
    expect(messages(signUpInput, { ...validSignUp, birthdate: nextYear })).toEqual({
      birthdate: 'Birthdate cannot be in the future',
    })
    expect(messages(signUpInput, { ...validSignUp, birthdate: '1850-01-01' })).toEqual({
      birthdate: 'Please enter a birthdate within the last 120 years',
    })
    expect(messages(signUpInput, { ...validSignUp, birthdate: '2001-02-30' })).toEqual({
      birthdate: 'Please enter a valid date',
    })
    expect(messages(signUpInput, { ...validSignUp, birthdate: '17/05/1990' })).toEqual({
      birthdate: 'Please enter a valid date',
    })
  })

  it('treats a blank signup code as no code and trims a given one', () => {
    expect(signUpInput.parse({ ...validSignUp, signupCode: '' }).signupCode).toBeUndefined()
    expect(signUpInput.parse({ ...validSignUp, signupCode: ' 1234567 ' }).signupCode).toBe('1234567')
  })

  it('caps the length of names', () => {
    expect(messages(signUpInput, { ...validSignUp, firstName: 'x'.repeat(51) })).toEqual({
      firstName: 'First name must be at most 50 characters',
    })
  })
})

describe('joining without a DUPR rating', () => {
  const beginner = { ...validSignUp, duprRating: '', noDuprRating: true, selfRating: '2.5' }

  it('accepts a player who ticks "I don\'t have a DUPR rating yet", and stores no DUPR', () => {
    const parsed = signUpInput.parse(beginner)
    expect(parsed.duprRating).toBeUndefined()
    expect(chosenDupr(parsed)).toBeNull()
    expect(parsed.selfRating).toBe(2.5)
  })

  it('still asks the self rating of a player without a DUPR rating', () => {
    expect(messages(signUpInput, { ...beginner, selfRating: '' })).toEqual({
      selfRating: 'Self rating is required',
    })
  })

  it('keeps the DUPR rules for a player who has one', () => {
    expect(messages(signUpInput, { ...validSignUp, noDuprRating: false, duprRating: '' })).toEqual({
      duprRating: 'DUPR rating is required',
    })
    expect(messages(profileInput, { ...validSignUp, duprRating: '7.5' })).toEqual({
      duprRating: 'Rating must be at most 7.00',
    })
    expect(chosenDupr(signUpInput.parse(validSignUp))).toBe(3.75)
  })

  it('reports a missing DUPR rating together with the other fields', () => {
    expect(messages(signUpInput, { ...validSignUp, duprRating: '', firstName: '' })).toEqual({
      firstName: 'First name is required',
      duprRating: 'DUPR rating is required',
    })
  })

  it('refuses a flag that is not true or false', () => {
    expect(messages(signUpInput, { ...beginner, noDuprRating: 'yes' })).toEqual({
      noDuprRating: 'noDuprRating must be true or false',
    })
  })
})

describe('profile input', () => {
  it('uses the sign-up rules for the profile fields', () => {
    expect(messages(profileInput, { ...validSignUp, lastName: '', zipCode: '1' })).toEqual({
      lastName: 'Last name is required',
      zipCode: 'Please enter a valid ZIP code',
    })
  })

  it('does not carry account fields', () => {
    const parsed = profileInput.parse(validSignUp)
    expect(parsed).not.toHaveProperty('email')
    expect(parsed).not.toHaveProperty('password')
  })
})

describe('sign-in input', () => {
  it('lowercases the email and requires both fields', () => {
    expect(signInInput.parse({ email: ' A@B.CO ', password: 'x' })).toEqual({
      email: 'a@b.co',
      password: 'x',
    })
    expect(messages(signInInput, {})).toEqual({
      email: 'Email is required',
      password: 'Password is required',
    })
  })
})

describe('change password input', () => {
  it('gives the spec messages', () => {
    expect(
      messages(changePasswordInput, { currentPassword: '', newPassword: '', confirmPassword: '' }),
    ).toEqual({
      currentPassword: 'Current password is required',
      newPassword: 'New password is required',
      confirmPassword: 'Please confirm your new password',
    })
    expect(
      messages(changePasswordInput, {
        currentPassword: 'old-one',
        newPassword: 'abc',
        confirmPassword: 'abc',
      }),
    ).toEqual({ newPassword: 'Password must be at least 8 characters' })
  })

  it('needs the confirmation to match', () => {
    expect(
      messages(changePasswordInput, {
        currentPassword: 'old-one',
        newPassword: 'new-one1',
        confirmPassword: 'new-one2',
      }),
    ).toEqual({ confirmPassword: 'Passwords do not match' })
  })
})

describe('password reset', () => {
  it('needs a token and a valid password', () => {
    expect(messages(resetPasswordInput, { token: '', password: '1' })).toEqual({
      token: 'The link is missing its token',
      password: 'Password must be at least 8 characters',
    })
  })

  it('the form needs the two passwords to match', () => {
    expect(messages(resetPasswordForm, { password: 'abcdefgh', confirmPassword: 'abcdefgi' })).toEqual({
      confirmPassword: 'Passwords do not match',
    })
  })

  it('forgot password needs a valid email', () => {
    expect(messages(forgotPasswordInput, { email: 'nope' })).toEqual({ email: 'Invalid email address' })
  })
})

describe('dates', () => {
  it('counts whole years of age by calendar', () => {
    expect(ageOn('2000-06-15', new Date('2020-06-14T12:00:00Z'))).toBe(19)
    expect(ageOn('2000-06-15', new Date('2020-06-15T00:00:00Z'))).toBe(20)
  })

  it('today is the latest day anywhere on Earth', () => {
    expect(latestToday(new Date('2024-03-10T11:00:00Z'))).toBe('2024-03-11')
    expect(latestToday(new Date('2024-03-10T09:00:00Z'))).toBe('2024-03-10')
  })
})
