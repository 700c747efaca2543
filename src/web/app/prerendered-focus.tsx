import { useLayoutEffect } from 'react'

// The landing page comes rendered in the HTML (src/web/prerender.tsx), and the app renders the
// same page over it: the elements are new, so a visitor who had already moved focus (a Tab to
// the skip link, before the JavaScript arrived) would find it gone. Until then this notes which
// control had focus, by its place among the page's controls; the app's first commit gives focus
// to the control in the same place, when it is the same control (its tag and text).
const CONTROLS = 'a[href], button, input, select, textarea, [tabindex]'

interface Focused {
  index: number
  tag: string
  text: string
}

let focused: Focused | undefined

export function watchPrerenderedFocus(root: HTMLElement) {
  if (root.childElementCount === 0) return
  const note = () => {
    const active = document.activeElement
    if (!(active instanceof HTMLElement) || !root.contains(active)) return
    const index = [...root.querySelectorAll(CONTROLS)].indexOf(active)
    focused = index < 0 ? undefined : { index, tag: active.tagName, text: active.textContent ?? '' }
  }
  note()
  root.addEventListener('focusin', note)
}

// Rendered once at the top of the app: runs right after the first commit has replaced the page.
export function PrerenderedFocus({ root }: { root: HTMLElement }) {
  useLayoutEffect(() => {
    const wanted = focused
    focused = undefined
    if (!wanted || (document.activeElement && document.activeElement !== document.body)) return
    const control = root.querySelectorAll<HTMLElement>(CONTROLS)[wanted.index]
    if (control && control.tagName === wanted.tag && (control.textContent ?? '') === wanted.text)
      control.focus()
  }, [root])
  return null
}
