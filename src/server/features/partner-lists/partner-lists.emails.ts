import { escapeHtml, type MailMessage } from '../../lib/mail'

interface Invitation {
  productName: string
  inviterName: string
  inviteeFirstName: string
  to: string
  link: string
}

// The email a player sends from a partner list to someone who has no account yet.
export function invitationEmail(invitation: Invitation): MailMessage {
  const { productName, inviterName, inviteeFirstName, to, link } = invitation
  const subject = `${inviterName} invited you to join ${productName}`
  const paragraphs = [
    `Hi ${inviteeFirstName},`,
    `${inviterName} would like you as a pickleball partner and invited you to join ${productName}, where players find partners, PlayDates and tournaments.`,
    'Use the link below to create your account. The invitation works once.',
  ]
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('')
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#0f172a;line-height:1.5">
<div style="max-width:520px;margin:0 auto;padding:24px">
<p style="font-weight:700;color:#15803d;margin:0 0 16px">${escapeHtml(productName)}</p>
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(subject)}</h1>
${body}
<p style="margin:24px 0"><a href="${escapeHtml(link)}" style="background:#15803d;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">Accept invitation</a></p>
<p style="font-size:13px;color:#475569">If the button does not work, copy this link into your browser:<br>${escapeHtml(link)}</p>
</div></body></html>`
  return {
    to,
    subject,
    text: `${paragraphs.join('\n\n')}\n\nAccept the invitation: ${link}\n`,
    html,
    links: [link],
  }
}
