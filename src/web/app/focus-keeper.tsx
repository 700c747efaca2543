import { useEffect, useRef, useState } from 'react'
import { useLocation } from 'react-router'
import { announce, onAnnouncement } from '../lib/announcer'

// Keyboard and screen-reader users must never be left on nothing. Two things lose their place in
// a single-page app: a route change (the link or button that led there is gone, and only the
// title changes) and an action that removes or disables the control that ran it (answering a
// request, deleting a row, a button busy while its request runs). Browsers then move focus to
// <body>, and the next Tab starts again from the top of the document.

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'

const focusIsLost = () => document.activeElement === null || document.activeElement === document.body
const isDisabled = (element: HTMLElement) =>
  (element as HTMLButtonElement).disabled === true || element.getAttribute('aria-disabled') === 'true'
const mainRegion = () => document.getElementById('main')

// The page's own name, without the product suffix of the title.
const pageName = () => document.title.split(' | ')[0] ?? document.title

export function FocusKeeper() {
  const { pathname } = useLocation()
  const [message, setMessage] = useState('')
  const firstPath = useRef(true)

  // The same words twice in a row must still change the region, or they are not read again.
  useEffect(
    () => onAnnouncement((next) => setMessage((shown) => (shown === next ? `${next}\u00a0` : next))),
    [],
  )

  // A new page: its name is announced, and focus left on nothing moves to the content, where
  // the next Tab carries on (not on the first load, where the browser starts at the top).
  useEffect(() => {
    if (firstPath.current) {
      firstPath.current = false
      return
    }
    // The route sets the title in the same commit; wait for it, and for a control removed with
    // the old page to have let go of focus.
    const timer = window.setTimeout(() => {
      announce(pageName())
      if (focusIsLost()) mainRegion()?.focus({ preventScroll: true })
    }, 50)
    return () => window.clearTimeout(timer)
  }, [pathname])

  // A control that went away takes focus to the nearest part of the page still there that holds
  // something to focus (the next row of a list, the list's other buttons), or to the content. A
  // control disabled while its request runs gets focus back when it is enabled again.
  useEffect(() => {
    let last: HTMLElement | null = null
    let ancestors: HTMLElement[] = []
    let lastPath = window.location.pathname
    let stillDisabled: number | undefined

    const onFocusIn = (event: FocusEvent) => {
      const target = event.target
      if (!(target instanceof HTMLElement) || target === document.body) return
      last = target
      lastPath = window.location.pathname
      ancestors = []
      for (let node = target.parentElement; node && node !== document.body; node = node.parentElement) {
        ancestors.push(node)
      }
    }
    // Focus the player moved away on purpose (a click on the page's background) is left alone.
    const onFocusOut = (event: FocusEvent) => {
      const target = event.target
      if (event.relatedTarget !== null || !(target instanceof HTMLElement) || target !== last) return
      queueMicrotask(() => {
        if (target === last && target.isConnected && !isDisabled(target) && focusIsLost()) last = null
      })
    }
    const rescue = () => {
      if (!last || !focusIsLost()) return
      // A route change: the page's own handling above puts focus in the content.
      if (window.location.pathname !== lastPath) return
      if (last.isConnected) {
        if (!isDisabled(last)) {
          last.focus({ preventScroll: true })
          return
        }
        // Disabled for good (Next on the last page): after a moment, the nearest other control.
        const waiting = last
        window.clearTimeout(stillDisabled)
        stillDisabled = window.setTimeout(() => {
          if (last === waiting && waiting.isConnected && isDisabled(waiting) && focusIsLost()) nearest()
        }, 1500)
        return
      }
      nearest()
    }
    const nearest = () => {
      const container = ancestors.find((node) => node.isConnected)
      const next = container?.querySelector<HTMLElement>(FOCUSABLE)
      if (next) next.focus({ preventScroll: true })
      else mainRegion()?.focus({ preventScroll: true })
    }

    const observer = new MutationObserver(rescue)
    observer.observe(document.body, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['disabled', 'aria-disabled'],
    })
    document.addEventListener('focusin', onFocusIn)
    document.addEventListener('focusout', onFocusOut)
    return () => {
      window.clearTimeout(stillDisabled)
      observer.disconnect()
      document.removeEventListener('focusin', onFocusIn)
      document.removeEventListener('focusout', onFocusOut)
    }
  }, [])

  return (
    <p aria-live="polite" aria-atomic="true" className="sr-only">
      {message}
    </p>
  )
}
