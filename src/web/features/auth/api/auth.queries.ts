import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type {
  ChangePasswordInput,
  ProfileInput,
  ResetPasswordInput,
  SignInInput,
  SignUpInput,
} from '../../../../domain/auth/auth.schema'
import { api } from '../../../lib/api-client'
import { announceSignedOut, ownProfileKey, rememberUser } from './session.queries'
import { forgetDistances } from './home-location.queries'

export function useSignIn() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: SignInInput) => api.post('/auth/sign-in', { body: input }),
    onSuccess: ({ user }) => rememberUser(queryClient, user),
  })
}

export function useSignUp() {
  return useMutation({ mutationFn: (input: SignUpInput) => api.post('/auth/sign-up', { body: input }) })
}

export function useResendConfirmation() {
  return useMutation({
    mutationFn: (email: string) => api.post('/auth/resend-confirmation', { body: { email } }),
  })
}

export function useConfirmEmail() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (token: string) => api.post('/auth/confirm-email', { body: { token } }),
    // Nobody signed in by the link (opened away from the browser that signed up): nothing changes here.
    onSuccess: ({ user }) => {
      if (user) rememberUser(queryClient, user)
    },
  })
}

export function useForgotPassword() {
  return useMutation({
    mutationFn: (email: string) => api.post('/auth/forgot-password', { body: { email } }),
  })
}

export function useResetPassword() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: ResetPasswordInput) => api.post('/auth/reset-password', { body: input }),
    // The server ended every session of the account, this browser's too.
    onSuccess: () => announceSignedOut(queryClient),
  })
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (input: ChangePasswordInput) => api.post('/auth/change-password', { body: input }),
  })
}

// The player's own profile: Profile Settings' first answer (app/page-answers.ts).
export const ownProfileQuery = () =>
  queryOptions({ queryKey: ownProfileKey, queryFn: ({ signal }) => api.get('/profiles/me', { signal }) })

export function useOwnProfile() {
  return useQuery(ownProfileQuery())
}

export function useUpdateProfile() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: ProfileInput) => api.put('/profiles/me', { body: input }),
    onSuccess: (user) => {
      queryClient.setQueryData(ownProfileKey, user)
      rememberUser(queryClient, user)
      // A new ZIP code is a new home.
      void forgetDistances(queryClient)
    },
  })
}
