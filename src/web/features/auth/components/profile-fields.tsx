import { useFormContext } from 'react-hook-form'
import type { SessionUser } from '../../../../domain/profiles/profile.schema'
import { SelectField, TextField } from '../../../components/ui/form-controls'

// The profile part of sign-up and of Profile Settings, as the inputs hold it (text).
export interface ProfileFieldValues {
  firstName: string
  lastName: string
  gender: '' | 'male' | 'female'
  duprRating: string
  selfRating: string
  birthdate: string
  zipCode: string
}

// In the order they appear on screen.
export const profileFieldNames = [
  'firstName',
  'lastName',
  'gender',
  'birthdate',
  'duprRating',
  'selfRating',
  'zipCode',
] as const

export const emptyProfileFields: ProfileFieldValues = {
  firstName: '',
  lastName: '',
  gender: '',
  duprRating: '',
  selfRating: '',
  birthdate: '',
  zipCode: '',
}

export const profileFieldsOf = (user: SessionUser): ProfileFieldValues => ({
  firstName: user.firstName,
  lastName: user.lastName,
  gender: user.gender,
  duprRating: user.duprRating.toFixed(2),
  selfRating: user.selfRating.toFixed(2),
  birthdate: user.birthdate,
  zipCode: user.zipCode ?? '',
})

const localToday = () => {
  const now = new Date()
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10)
}

// Used inside a FormProvider whose values include ProfileFieldValues.
export function ProfileFields({ idPrefix }: { idPrefix: string }) {
  const {
    register,
    formState: { errors },
  } = useFormContext<ProfileFieldValues>()
  const ratingProps = { type: 'number', inputMode: 'decimal', step: '0.01', min: '2', max: '7' } as const
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField
        id={`${idPrefix}-first-name`}
        label="First name"
        autoComplete="given-name"
        error={errors.firstName?.message}
        {...register('firstName')}
      />
      <TextField
        id={`${idPrefix}-last-name`}
        label="Last name"
        autoComplete="family-name"
        error={errors.lastName?.message}
        {...register('lastName')}
      />
      <SelectField
        id={`${idPrefix}-gender`}
        label="Gender"
        autoComplete="sex"
        error={errors.gender?.message}
        {...register('gender')}
      >
        <option value="">Select gender</option>
        <option value="male">Male</option>
        <option value="female">Female</option>
      </SelectField>
      <TextField
        id={`${idPrefix}-birthdate`}
        label="Birthdate"
        type="date"
        autoComplete="bday"
        max={localToday()}
        error={errors.birthdate?.message}
        {...register('birthdate')}
      />
      <TextField
        id={`${idPrefix}-dupr`}
        label="DUPR rating"
        hint="2.00 to 7.00"
        error={errors.duprRating?.message}
        {...ratingProps}
        {...register('duprRating')}
      />
      <TextField
        id={`${idPrefix}-self`}
        label="Self rating"
        hint="2.00 to 7.00"
        error={errors.selfRating?.message}
        {...ratingProps}
        {...register('selfRating')}
      />
      <TextField
        id={`${idPrefix}-zip`}
        label="ZIP code"
        inputMode="numeric"
        autoComplete="postal-code"
        placeholder="85001"
        error={errors.zipCode?.message}
        className="sm:col-span-2"
        {...register('zipCode')}
      />
    </div>
  )
}
