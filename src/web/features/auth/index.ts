// What the app shell, the pages and other features use of auth: the session, the account forms
// and the messages a form shows for a server's answer.
export {
  forgetUser,
  ownProfileKey,
  prefetchSession,
  rememberUser,
  sessionKey,
  useSession,
  useSignOut,
  wasSignedOutOnPurpose,
} from './api/session.queries'
export { ownProfileQuery, useConfirmEmail, useOwnProfile, useResendConfirmation } from './api/auth.queries'
export { homeLocationKey, useHomeLocation, useSetHomeLocation } from './api/home-location.queries'
export { homeLocationQuery } from './api/home-location.query'
export { AuthForm } from './components/auth-form'
export { ChangePasswordForm } from './components/change-password-form'
export { FormAlert } from './components/form-alert'
export { ForgotPasswordForm, ResetLinkUnusable, ResetPasswordForm } from './components/password-reset-forms'
export { ProfileForm } from './components/profile-form'
export { applyServerFieldErrors, errorMessage } from './lib/server-errors'
