import { useFormContext, useWatch } from 'react-hook-form'
import type { SessionUser } from '../../../../domain/profiles/profile.schema'
import { NO_DUPR_LABEL } from '../../../../domain/players/rating.rules'
import { CheckboxField, SelectField, TextField } from '../../../components/ui/form-controls'
import { RatingGuide } from './rating-guide'

// The profile part of sign-up and of Profile Settings, as the inputs hold it (text).
export interface ProfileFieldValues {
  firstName: string
  lastName: string
  gender: '' | 'male' | 'female'
  duprRating: string
  // "I don't have a DUPR rating yet": the DUPR field is then left out.
  noDuprRating: boolean
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
  'noDuprRating',
  'selfRating',
  'zipCode',
] as const

export const emptyProfileFields: ProfileFieldValues = {
  firstName: '',
  lastName: '',
  gender: '',
  duprRating: '',
  noDuprRating: false,
  selfRating: '',
  birthdate: '',
  zipCode: '',
}

export const profileFieldsOf = (user: SessionUser): ProfileFieldValues => ({
  firstName: user.firstName,
  lastName: user.lastName,
  gender: user.gender,
  duprRating: user.duprRating === null ? '' : user.duprRating.toFixed(2),
  noDuprRating: user.duprRating === null,
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
    control,
    clearErrors,
    setValue,
    formState: { errors },
  } = useFormContext<ProfileFieldValues>()
  const noDupr = useWatch({ control, name: 'noDuprRating' })
  const ratingProps = { type: 'number', inputMode: 'decimal', step: '0.01', min: '2', max: '7' } as const
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField
        id={`${idPrefix}-first-name`}
        required
        label="First name"
        autoComplete="given-name"
        error={errors.firstName?.message}
        {...register('firstName')}
      />
      <TextField
        id={`${idPrefix}-last-name`}
        required
        label="Last name"
        autoComplete="family-name"
        error={errors.lastName?.message}
        {...register('lastName')}
      />
      <SelectField
        id={`${idPrefix}-gender`}
        required
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
        required
        label="Birthdate"
        type="date"
        autoComplete="bday"
        max={localToday()}
        error={errors.birthdate?.message}
        {...register('birthdate')}
      />
      <div>
        <TextField
          id={`${idPrefix}-dupr`}
          required={!noDupr}
          label="DUPR rating"
          // On sign-up the message takes the hint's line: the box under it stays where it is, so a
          // tap on it as the message appears (the field's blur) is not lost.
          hint={noDupr ? 'Your self rating counts until you add one' : '2.00 to 7.00'}
          error={noDupr ? undefined : errors.duprRating?.message}
          {...ratingProps}
          {...register('duprRating', { disabled: noDupr })}
        />
        <div className="mt-2">
          <CheckboxField
            id={`${idPrefix}-no-dupr`}
            label={NO_DUPR_LABEL}
            error={errors.noDuprRating?.message}
            {...register('noDuprRating', {
              // A rating typed before is dropped with its message: it would otherwise still be
              // checked (and refused) with the box ticked, with no message to say so.
              onChange: (event: { target: { checked: boolean } }) => {
                if (event.target.checked) setValue('duprRating', '')
                clearErrors('duprRating')
              },
            })}
          />
        </div>
      </div>
      <div>
        <TextField
          id={`${idPrefix}-self`}
          required
          label="Self rating"
          hint="2.00 to 7.00: how you rate your own play"
          error={errors.selfRating?.message}
          {...ratingProps}
          {...register('selfRating')}
        />
        <RatingGuide id={`${idPrefix}-self-guide`} />
      </div>
      <TextField
        id={`${idPrefix}-zip`}
        required
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
