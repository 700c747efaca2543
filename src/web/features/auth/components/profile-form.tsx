import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect } from 'react'
import { FormProvider, type Resolver, useForm } from 'react-hook-form'
import { useNavigate } from 'react-router'
import { toast } from '../../../lib/toast'
import { type ProfileInput, profileInput } from '../../../../domain/auth/auth.schema'
import type { SessionUser } from '../../../../domain/profiles/profile.schema'
import { useUpdateProfile } from '../api/auth.queries'
import { applyServerFieldErrors, focusFirstError } from '../lib/server-errors'
import { SubmitButton } from '../../../components/ui/form-controls'
import { type ProfileFieldValues, profileFieldNames, ProfileFields, profileFieldsOf } from './profile-fields'

// Profile Settings: the sign-up rules for every field; saving returns to the dashboard.
export function ProfileForm({ user }: { user: SessionUser }) {
  const navigate = useNavigate()
  const update = useUpdateProfile()
  const form = useForm<ProfileFieldValues, unknown, ProfileInput>({
    resolver: zodResolver(profileInput) as Resolver<ProfileFieldValues, unknown, ProfileInput>,
    shouldFocusError: false,
    defaultValues: profileFieldsOf(user),
  })

  // Ratings saved elsewhere while the form is open (the rating prompt opens over this page), and
  // a ZIP code saved by Change home on the same page, replace the ones it was loaded with, or
  // saving the form would put the old ones back.
  const { duprRating, noDuprRating, selfRating, zipCode } = profileFieldsOf(user)
  const { resetField } = form
  useEffect(() => {
    resetField('duprRating', { defaultValue: duprRating })
    resetField('noDuprRating', { defaultValue: noDuprRating })
    resetField('selfRating', { defaultValue: selfRating })
  }, [resetField, duprRating, noDuprRating, selfRating])
  useEffect(() => {
    resetField('zipCode', { defaultValue: zipCode })
  }, [resetField, zipCode])

  const onSubmit = form.handleSubmit(
    async (input) => {
      try {
        await update.mutateAsync(input)
        toast.success('Profile updated successfully')
        void navigate('/dashboard')
      } catch (error) {
        applyServerFieldErrors(error, profileFieldNames, form.setError)
        toast.error('Error updating profile')
      }
    },
    (invalid) => focusFirstError(invalid, profileFieldNames, form.setFocus),
  )

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={onSubmit} className="space-y-5" aria-labelledby="profile-heading">
        <ProfileFields idPrefix="profile" />
        <SubmitButton isPending={update.isPending} pendingLabel="Saving..." className="sm:w-auto">
          Save Profile
        </SubmitButton>
      </form>
    </FormProvider>
  )
}
