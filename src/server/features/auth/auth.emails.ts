import { emailLayout as layout } from '../../lib/email-layout'
import type { MailMessage } from '../../lib/mail'

interface Context {
  productName: string
  // Absolute origin links point at, e.g. https://picklematch.example
  baseUrl: string
}

export function confirmationEmail(ctx: Context, to: string, firstName: string, token: string): MailMessage {
  const url = `${ctx.baseUrl}/email-confirmation?token=${encodeURIComponent(token)}`
  const heading = `Confirm your email for ${ctx.productName}`
  const paragraphs = [
    `Hi ${firstName},`,
    `Welcome to ${ctx.productName}! Please confirm your email address to finish creating your account.`,
    'This link works once and expires in 48 hours. If you did not sign up, you can ignore this email.',
  ]
  return {
    to,
    subject: `Confirm your email for ${ctx.productName}`,
    text: `${paragraphs.join('\n\n')}\n\nConfirm your email: ${url}\n`,
    html: layout(ctx.productName, heading, paragraphs, { label: 'Confirm email', url }),
    links: [url],
  }
}

export function passwordResetEmail(ctx: Context, to: string, firstName: string, token: string): MailMessage {
  const url = `${ctx.baseUrl}/reset-password?token=${encodeURIComponent(token)}`
  const heading = `Reset your ${ctx.productName} password`
  const paragraphs = [
    `Hi ${firstName},`,
    `Someone asked to reset the password of your ${ctx.productName} account. Choose a new password with the link below.`,
    'This link works once and expires in 1 hour. If you did not ask for it, you can ignore this email: your password stays the same.',
  ]
  return {
    to,
    subject: `Reset your ${ctx.productName} password`,
    text: `${paragraphs.join('\n\n')}\n\nReset your password: ${url}\n`,
    html: layout(ctx.productName, heading, paragraphs, { label: 'Reset password', url }),
    links: [url],
  }
}

// Sign-up answers a registered address as it answers a new one (nobody learns which addresses
// have accounts); the owner hears of it here, with a way in if it was them.
export function signUpAttemptEmail(
  ctx: Context,
  to: string,
  firstName: string,
  resetToken: string,
): MailMessage {
  const signInUrl = `${ctx.baseUrl}/signin`
  const resetUrl = `${ctx.baseUrl}/reset-password?token=${encodeURIComponent(resetToken)}`
  const heading = 'Someone tried to sign up with your email'
  const paragraphs = [
    `Hi ${firstName},`,
    `Someone tried to create a ${ctx.productName} account with this email address, which already has one. If it was you, sign in instead. If you forgot your password, choose a new one with the reset link (it works once and expires in 1 hour).`,
    'If it was not you, you can ignore this email: your account has not changed.',
  ]
  return {
    to,
    subject: heading,
    text: `${paragraphs.join('\n\n')}\n\nSign in: ${signInUrl}\n\nReset your password: ${resetUrl}\n`,
    html: layout(
      ctx.productName,
      heading,
      paragraphs,
      { label: 'Sign in', url: signInUrl },
      { label: 'Reset password', url: resetUrl },
    ),
    links: [signInUrl, resetUrl],
  }
}
