import { escapeHtml } from './mail'

export interface EmailFooter {
  // Why the player gets this email.
  note: string
  // The links under it: the notification settings, turning this kind off.
  links: Array<{ label: string; url: string }>
}

// The HTML of every email the app sends: the product's name, a heading, paragraphs, one button
// (and maybe a second link), with the button's link written out below for mail apps that hide
// buttons, and for notices a footer with the player's settings.
export function emailLayout(
  productName: string,
  heading: string,
  paragraphs: string[],
  action: { label: string; url: string },
  secondAction?: { label: string; url: string },
  footer?: EmailFooter,
) {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('')
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#0f172a;line-height:1.5">
<div style="max-width:520px;margin:0 auto;padding:24px">
<p style="font-weight:700;color:#15803d;margin:0 0 16px">${escapeHtml(productName)}</p>
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(heading)}</h1>
${body}
<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#15803d;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(action.label)}</a></p>
${secondAction ? `<p style="margin:0 0 24px"><a href="${escapeHtml(secondAction.url)}" style="color:#15803d;font-weight:600">${escapeHtml(secondAction.label)}</a></p>` : ''}
<p style="font-size:13px;color:#475569">If the button does not work, copy this link into your browser:<br>${escapeHtml(action.url)}</p>
${
  footer
    ? `<hr style="border:none;border-top:1px solid #e2e8f0;margin:24px 0 16px"><p style="font-size:13px;color:#475569;margin:0 0 8px">${escapeHtml(footer.note)}</p><p style="font-size:13px;margin:0">${footer.links.map((l) => `<a href="${escapeHtml(l.url)}" style="color:#15803d">${escapeHtml(l.label)}</a>`).join(' · ')}</p>`
    : ''
}
</div></body></html>`
}
