import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type {
  ChangePasswordInput,
  MessageOutput,
  ProfileInput,
  ResetPasswordInput,
  SignInInput,
  SignUpInput,
  SignUpOutput,
  ConfirmEmailOutput,
  UserOutput,
} from '../../../../domain/auth/auth.schema'
import type { SessionUser } from '../../../../domain/profiles/profile.schema'
import { api } from '../../../lib/api-client'
import { announceSignedOut, rememberUser } from './session.queries'

export const ownProfileKey = ['profiles', 'me'] as const

export function useSignIn() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: SignInInput) => api.post<UserOutput>('/auth/sign-in', input),
    onSuccess: ({ user }) => rememberUser(queryClient, user),
  })
}

export function useSignUp() {
  return useMutation({ mutationFn: (input: SignUpInput) => api.post<SignUpOutput>('/auth/sign-up', input) })
}

export function useResendConfirmation() {
  return useMutation({
    mutationFn: (email: string) => api.post<MessageOutput>('/auth/resend-confirmation', { email }),
  })
}

export function useConfirmEmail() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (token: string) => api.post<ConfirmEmailOutput>('/auth/confirm-email', { token }),
    // Nobody signed in by the link (opened away from the browser that signed up): nothing changes here.
    onSuccess: ({ user }) => {
      if (user) rememberUser(queryClient, user)
    },
  })
}

export function useForgotPassword() {
  return useMutation({
    mutationFn: (email: string) => api.post<MessageOutput>('/auth/forgot-password', { email }),
  })
}

export function useResetPassword() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: ResetPasswordInput) => api.post<MessageOutput>('/auth/reset-password', input),
    // The server ended every session of the account, this browser's too.
    onSuccess: () => announceSignedOut(queryClient),
  })
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (input: ChangePasswordInput) => api.post<MessageOutput>('/auth/change-password', input),
  })
}

export function useOwnProfile() {
  return useQuery({ queryKey: ownProfileKey, queryFn: () => api.get<SessionUser>('/profiles/me') })
}

export function useUpdateProfile() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: ProfileInput) => api.put<SessionUser>('/profiles/me', input),
    onSuccess: (user) => {
      queryClient.setQueryData(ownProfileKey, user)
      rememberUser(queryClient, user)
    },
  })
}
