let resolveFirstPage = () => {}
const firstPageReady = new Promise<void>((resolve) => {
  resolveFirstPage = resolve
})

// main.tsx calls this once the router has the first page ready to render.
export const markFirstPageReady = () => resolveFirstPage()

// Runs `task` once the first page is ready and the browser has a moment to spare: for work that
// page does not need (docs/decisions/0041-web-first-load.md). Returns a cancel function.
export function whenIdle(task: () => void, timeoutMs = 3000) {
  let cancelled = false
  let cancel = () => {}
  void firstPageReady.then(() => {
    if (cancelled) return
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(task, { timeout: timeoutMs })
      cancel = () => window.cancelIdleCallback(id)
    } else {
      const id = setTimeout(task, 1000)
      cancel = () => clearTimeout(id)
    }
  })
  return () => {
    cancelled = true
    cancel()
  }
}
